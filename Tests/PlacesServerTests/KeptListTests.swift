import PlacesModel
import PlacesProtocol
import PlacesStore
import Testing

@testable import PlacesServer

/// `places.list` answers from the list's kept JSON; whatever changes, it answers what the places are now.
@Suite("Kept list renderings")
struct KeptListTests {
    private let owner = Caller(uid: 1000, gid: 1000, isAdmin: false)
    private let other = Caller(uid: 2000, gid: 2000, isAdmin: false)

    private func result(_ harness: DispatcherHarness, _ method: String, _ params: String, as caller: Caller? = nil)
        throws -> JSONValue
    {
        let reply = try harness.call(
            #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#, as: caller ?? owner)
        return try #require(reply.objectValue?["result"], "\(method) \(params): \(reply)")
    }

    /// Checks the caller's list, whole and in every page, against `places.get` of each id in `order`.
    private func expectList(
        _ harness: DispatcherHarness, order: [String], sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let expected = try order.map { try result(harness, "places.get", #"{"id":"\#($0)"}"#) }
        let whole = try result(harness, "places.list", "{}").objectValue
        #expect(whole?["places"]?.arrayValue == expected, sourceLocation: sourceLocation)
        #expect(whole?["total"]?.numberValue?.int64 == Int64(order.count), sourceLocation: sourceLocation)
        #expect(
            harness.store.snapshot().places(of: owner.uid).rendering.existing != nil, "the list kept its JSON",
            sourceLocation: sourceLocation)
        for offset in 0...(order.count + 1) {
            for limit in [0, 1, 2, order.count + 1] {
                let page = try result(harness, "places.list", #"{"offset":\#(offset),"limit":\#(limit)}"#).objectValue
                let start = min(offset, order.count)
                let end = min(order.count, start + limit)
                #expect(
                    page?["places"]?.arrayValue == Array(expected[start..<end]), "offset \(offset) limit \(limit)",
                    sourceLocation: sourceLocation)
                #expect(page?["total"]?.numberValue?.int64 == Int64(order.count), sourceLocation: sourceLocation)
            }
        }
    }

    private func id(of place: JSONValue) throws -> String {
        try #require(place.objectValue?["id"]?.stringValue)
    }

    @Test("after every kind of change, the list and its pages are what the places are")
    func everyChange() throws {
        let harness = try DispatcherHarness()
        var order: [String] = []
        for number in 0..<5 {
            order.append(
                try id(
                    of: result(harness, "places.add", #"{"name":"P\#(number)","latitude":\#(number),"longitude":1}"#)))
        }
        try expectList(harness, order: order)

        order.append(try id(of: result(harness, "places.add", #"{"name":"P5","latitude":5,"longitude":1}"#)))
        try expectList(harness, order: order)

        _ = try result(harness, "places.update", #"{"id":"\#(order[2])","name":"Renamed","visited":true}"#)
        try expectList(harness, order: order)

        _ = try result(harness, "places.remove", #"{"id":"\#(order[0])"}"#)
        order.remove(at: 0)
        try expectList(harness, order: order)

        _ = try result(harness, "places.move", #"{"id":"\#(order[4])","index":0}"#)
        order.insert(order.remove(at: 4), at: 0)
        try expectList(harness, order: order)

        let imported = "0f8fad5b-d9cb-469f-a165-70867728950e"
        _ = try result(
            harness, "places.import", #"{"places":[{"id":"\#(imported)","name":"I","latitude":2,"longitude":3}]}"#)
        order.append(imported)
        try expectList(harness, order: order)

        // Another user's change leaves this list (and its kept JSON) as it was.
        let kept = harness.store.snapshot().places(of: owner.uid).rendering.existing
        _ = try result(harness, "places.add", #"{"name":"Theirs","latitude":1,"longitude":1}"#, as: other)
        #expect(harness.store.snapshot().places(of: owner.uid).rendering.existing === kept)
        try expectList(harness, order: order)
    }

    @Test("filters, every user's places and watch agree with the kept list")
    func otherPaths() throws {
        let harness = try DispatcherHarness()
        for number in 0..<4 {
            _ = try result(
                harness, "places.add", #"{"name":"P\#(number)","latitude":1,"longitude":1,"visited":\#(number < 2)}"#)
        }
        let whole = try result(harness, "places.list", "{}").objectValue?["places"]?.arrayValue ?? []
        #expect(whole.count == 4)
        let visited = try result(harness, "places.list", #"{"visited":true}"#).objectValue?["places"]?.arrayValue
        #expect(visited == Array(whole.prefix(2)))
        let watched = try result(harness, "places.watch", "{}").objectValue?["places"]?.arrayValue
        #expect(watched == whole)
        let admin = Caller(uid: 0, gid: 0, isAdmin: true)
        let everyone = try result(harness, "places.list", #"{"allUsers":true}"#, as: admin).objectValue
        #expect(everyone?["places"]?.arrayValue?.count == 4)
        #expect(everyone?["places"]?.arrayValue?.first?.objectValue?["owner"]?.numberValue?.int64 == 1000)
    }

    @Test("a list over the kept size is written place by place and keeps no whole rendering")
    func longList() throws {
        let harness = try DispatcherHarness()
        let count = Dispatcher.largestKeptListRendering + 1
        let places = (0..<count).map { #"{"name":"P\#($0)","latitude":1,"longitude":2}"# }.joined(separator: ",")
        _ = try result(harness, "places.import", #"{"places":[\#(places)]}"#)
        let list = try result(harness, "places.list", #"{"offset":\#(count - 2)}"#).objectValue
        #expect(
            list?["places"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == [
                "P\(count - 2)", "P\(count - 1)",
            ])
        #expect(list?["total"]?.numberValue?.int64 == Int64(count))
        #expect(harness.store.snapshot().places(of: owner.uid).rendering.existing == nil)
    }
}
