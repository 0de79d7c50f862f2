import Foundation
import Glibc
import Testing

/// Writes pipelined or batched on one connection go to the store together, and every promise of the protocol
/// holds meanwhile: replies in order, each request seeing the ones before it and none after, durability.
@Suite("Pipelined writes")
struct PipelinedWritesTests {
    /// A place's state as the test expects it, built only from the requests it sent, in order.
    private struct Expected {
        var name: String
        var isVisited = false
        var version = 1
    }

    /// Sixty places imported with their ids, then one write with, for each place, updates, removes, re-imports
    /// and reads of it interleaved — single requests and batches — with lists counting what is there: every
    /// reply is what the requests before it (and only those) make it.
    @Test func writesAndReadsInOneWriteSeeExactlyTheRequestsBeforeThem() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let ids = (0..<60).map { _ in UUID().uuidString.lowercased() }
        var model: [String: Expected] = [:]
        let imports = ids.map { id -> JSON in
            ["id": .string(id), "name": .string("p-\(id.prefix(8))"), "latitude": 1, "longitude": 2]
        }
        try client.result("places.import", ["places": .array(imports)])
        for id in ids { model[id] = Expected(name: "p-\(id.prefix(8))") }

        // What each reply must be: a check on the response, made when the request is written.
        var checks: [(line: String, check: (JSON) -> String?)] = []
        var nextID = 1
        func request(_ method: String, _ params: JSON, _ check: @escaping (JSON) -> String?) -> (
            String, (JSON) -> String?
        ) {
            defer { nextID += 1 }
            return (Request.line(id: nextID, method: method, params: params), check)
        }
        func expectPlace(_ expected: Expected, id: String) -> (JSON) -> String? {
            { response in
                let place = response["result"]
                guard place?["id"]?.string == id, place?["name"]?.string == expected.name,
                    place?["visited"]?.bool == expected.isVisited, place?["version"]?.int == expected.version
                else { return "expected \(id) as \(expected), got \(response)" }
                return nil
            }
        }
        func expectCode(_ code: Int) -> (JSON) -> String? {
            { response in response["error"]?["code"]?.int == code ? nil : "expected error \(code), got \(response)" }
        }
        func expectTotal(_ total: Int) -> (JSON) -> String? {
            { response in
                response["result"]?["total"]?.int == total ? nil : "expected a total of \(total), got \(response)"
            }
        }
        for (index, id) in ids.enumerated() {
            let renamed = "renamed-\(index)"
            model[id]!.name = renamed
            model[id]!.version += 1
            checks.append(
                request(
                    "places.update", ["id": .string(id), "name": .string(renamed)], expectPlace(model[id]!, id: id)))
            checks.append(request("places.get", ["id": .string(id)], expectPlace(model[id]!, id: id)))
            switch index % 3 {
            case 0:
                // A batch: a change, a read of it, another change, a read of that.
                model[id]!.isVisited = true
                model[id]!.version += 1
                let visited = model[id]!
                let first = request(
                    "places.update", ["id": .string(id), "visited": true], expectPlace(visited, id: id))
                let second = request("places.get", ["id": .string(id)], expectPlace(visited, id: id))
                model[id] = nil
                let third = request("places.remove", ["id": .string(id)]) { response in
                    response["result"]?["removed"]?.bool == true ? nil : "expected a removal, got \(response)"
                }
                let fourth = request("places.get", ["id": .string(id)], expectCode(-32001))
                let batch = "[" + [first, second, third, fourth].map { $0.0.dropLast() }.joined(separator: ",") + "]\n"
                let parts = [first.1, second.1, third.1, fourth.1]
                checks.append(
                    (
                        batch,
                        { response in
                            guard let items = response.array, items.count == parts.count else {
                                return "expected a batch of \(parts.count) replies, got \(response)"
                            }
                            return zip(items, parts).compactMap { $1($0) }.first
                        }
                    ))
            case 1:
                model[id] = nil
                checks.append(
                    request("places.remove", ["id": .string(id), "ifVersion": 2]) { response in
                        response["result"]?["removed"]?.bool == true ? nil : "expected a removal, got \(response)"
                    })
                checks.append(request("places.update", ["id": .string(id), "visited": true], expectCode(-32001)))
                // The id is free again: importing it back gives a new place.
                model[id] = Expected(name: "back-\(index)")
                checks.append(
                    request(
                        "places.import",
                        [
                            "places": [
                                ["id": .string(id), "name": .string("back-\(index)"), "latitude": 3, "longitude": 4]
                            ]
                        ]
                    ) { response in
                        response["result"]?["added"]?.int == 1 ? nil : "expected one import, got \(response)"
                    })
                checks.append(request("places.get", ["id": .string(id)], expectPlace(model[id]!, id: id)))
            default:
                checks.append(
                    request("places.update", ["id": .string(id), "name": "x", "ifVersion": 1], expectCode(-32002)))
            }
            checks.append(request("places.list", ["limit": 0], expectTotal(model.count)))
        }

        try client.send(Array(checks.map(\.line).joined().utf8), timeout: 60)
        var failures: [String] = []
        for (index, check) in checks.enumerated() {
            let line = try client.readLine(timeout: 60)
            let response = try JSON(parsing: line)
            if let failure = check.check(response) { failures.append("reply \(index): \(failure)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        let final = try client.list()
        #expect(Set(final["places"]?.array?.compactMap { $0["id"]?.string } ?? []) == Set(model.keys))
    }

    /// A script that writes 100,000 requests in one go and only then reads: the daemon keeps reading while the
    /// replies pile up unread (well under the default 64 MiB per connection), so the script's write finishes and
    /// every reply arrives, in order.
    @Test func aScriptThatWritesEverythingBeforeReadingFinishes() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let count = 100_000
        var text = ""
        text.reserveCapacity(count * 110)
        for id in 1...count {
            text += Request.line(
                id: "\(id)", method: "places.add",
                params:
                    #"{"name":"s\#(id)","latitude":\#(Double(id % 180) - 89.5),"longitude":\#(Double(id % 360) - 179.5)}"#
            )
        }
        let bytes = Array(text.utf8)
        let client = try daemon.connect()
        let written = client.sendWithoutReading(bytes, timeout: 600)
        #expect(
            written == bytes.count, "the daemon kept reading: \(written) of \(bytes.count) bytes taken\(daemon.logTail)"
        )
        guard written == bytes.count else { return }
        var failures: [String] = []
        for id in 1...count {
            let response = try client.readResponse(timeout: 120)
            guard response["id"]?.int == id else {
                Issue.record("reply \(id) out of order: \(response)")
                return
            }
            if response["result"]?["name"]?.string != "s\(id)" { failures.append("\(id): \(response)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try daemon.connect().list(["limit": 0])["total"]?.int == count)
    }

    /// SIGKILL while four clients each keep 64 adds in flight: every add that was acknowledged is there after the
    /// restart, and of each client's places those present are the first ones it sent, in order (a commit holds a
    /// prefix of what was submitted).
    @Test func killNineUnderPipeliningWritersLosesNoAcknowledgedWrite() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let acknowledgements = SharedCounter()
        let socketPath = daemon.socketPath
        let writers = Threads(4) { writer -> (acknowledged: [String], errors: [String]) in
            var acknowledged: [String] = []
            var errors: [String] = []
            guard let client = try? RawConnection(path: socketPath) else { return ([], ["no connection"]) }
            var sent = 0
            while sent < 100_000 {
                var burst = ""
                for index in sent..<(sent + 64) {
                    burst += Request.line(
                        id: index, method: "places.add",
                        params: ["name": .string("w\(writer)-\(index)"), "latitude": 1, "longitude": 2])
                }
                guard (try? client.send(burst, timeout: 60)) != nil else { break }
                for index in sent..<(sent + 64) {
                    guard let response = try? client.readResponse(timeout: 60) else {
                        return (acknowledged, errors)
                    }
                    if response["id"]?.int == index, response["result"]?["name"]?.string == "w\(writer)-\(index)" {
                        acknowledged.append("w\(writer)-\(index)")
                        acknowledgements.increment()
                    } else {
                        errors.append(response.text)
                    }
                }
                sent += 64
            }
            return (acknowledged, errors)
        }
        let reached = Deadline.wait(seconds: 120) { acknowledgements.count >= 2_000 }
        try daemon.kill9()
        let outcomes = try writers.join(timeout: 120)
        #expect(reached, "only \(acknowledgements.count) adds were acknowledged before the kill")
        for outcome in outcomes { #expect(outcome.errors.isEmpty, "\(outcome.errors.prefix(3))") }

        try daemon.start()
        let names = Set(try daemon.connect().list()["places"]?.array?.compactMap { $0["name"]?.string } ?? [])
        for (writer, outcome) in outcomes.enumerated() {
            let missing = outcome.acknowledged.filter { !names.contains($0) }
            #expect(missing.isEmpty, "writer \(writer): \(missing.count) acknowledged adds lost\(daemon.logTail)")
            let present = names.filter { $0.hasPrefix("w\(writer)-") }.compactMap { Int($0.split(separator: "-")[1]) }
            #expect(present.sorted() == Array(0..<present.count), "writer \(writer): the places present are a prefix")
        }
    }

    /// What `socat` does with a script's requests: write them all, shut the writing side, read until the end. The
    /// daemon, paused at `--max-requests-in-flight 8` again and again, answers every request and then closes.
    @Test func aClientThatShutsItsSideAfterAPipelineGetsEveryReplyAndTheEnd() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-requests-in-flight", "8"])
        defer { daemon.shutdown() }
        let count = 5_000
        var text = ""
        for id in 1...count {
            text += Request.line(id: "\(id)", method: "places.add", params: #"{"latitude":1,"longitude":2}"#)
        }
        let client = try daemon.connect()
        try client.send(text, timeout: 120)
        #expect(shutdown(client.fd, Int32(SHUT_WR)) == 0)
        for id in 1...count {
            let response = try client.readResponse(timeout: 60)
            #expect(response["id"]?.int == id && response["result"] != nil, "\(response)")
        }
        #expect(client.closesWithin(timeout: 60), "the daemon closes once everything is answered")
    }
}
