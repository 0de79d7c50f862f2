import PlacesModel
import Testing

@testable import PlacesProtocol

/// Each result type writes the bytes the daemon has always sent and reads them back.
struct ResultTypesTests {
    private static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var out = JSONWriter()
        write(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test(arguments: PlaceField.allCases)
    func aFieldsKeyIsItsText(field: PlaceField) {
        #expect(field.key.description == field.text)
        #expect(field.member.description == ",\"\(field.text)\":")
        #expect(PlaceField(text: field.text) == field)
    }

    @Test func aListPageRoundTrips() throws {
        let place = samplePlace()
        let text = Self.written { out in
            ListPage.write(total: 3, revision: 7, to: &out) { out in
                PlaceEncoding.write([place], includeOwner: false, to: &out)
            }
        }
        #expect(text.hasPrefix("{\"places\":[{\"id\":"))
        #expect(text.hasSuffix("}],\"total\":3,\"revision\":7}"))
        let page = try ListPage.decode(JSONParser.parse(Array(text.utf8)))
        #expect(page == ListPage(places: [WirePlace(place)], total: 3, revision: 7))
        #expect(throws: ReplyError.missing(key: "places", kind: "array")) {
            try ListPage.decode(["places": "nope"])
        }
    }

    @Test func nearResultsRoundTrip() throws {
        let place = samplePlace()
        let text = Self.written { out in NearResults.write(to: &out) { body in body(place, 12.5) } }
        #expect(text.hasPrefix("{\"places\":[{\"place\":{\"id\":"))
        #expect(text.hasSuffix("},\"distance\":12.5}]}"))
        let results = try NearResults.decode(JSONParser.parse(Array(text.utf8)))
        #expect(results.entries == [NearResults.Entry(place: WirePlace(place), distance: 12.5)])
        #expect(throws: ReplyError.incomplete(keys: ["place", "distance"])) {
            try NearResults.decode(["places": [["place": "x"]]])
        }
    }

    @Test func densityResultsRoundTrip() throws {
        let place = samplePlace()
        let text = Self.written { out in
            DensityResult.write(visited: 1, unvisited: 4, revision: 9, to: &out) { out in
                DensityResult.writeCell((column: 3, row: 0, visited: 1, unvisited: 2), isFirst: true, to: &out)
                DensityResult.writeLabel(place, isFirst: true, to: &out)
                DensityResult.writeLabel(place, isFirst: false, to: &out)
                DensityResult.endCell(to: &out)
                DensityResult.writeCell((column: 0, row: 7, visited: 0, unvisited: 2), isFirst: false, to: &out)
                DensityResult.endCell(to: &out)
            }
        }
        #expect(text.hasPrefix(#"{"cells":[{"column":3,"row":0,"visited":1,"unvisited":2,"nearest":[{"id":"#))
        #expect(
            text.hasSuffix(
                #"{"column":0,"row":7,"visited":0,"unvisited":2,"nearest":[]}],"visited":1,"unvisited":4,"revision":9}"#
            ))
        let result = try DensityResult.decode(JSONParser.parse(Array(text.utf8)))
        let label = DensityResult.Label(
            id: place.id, name: place.name, coordinate: place.coordinate, isVisited: place.isVisited)
        #expect(
            result
                == DensityResult(
                    cells: [
                        DensityResult.Cell(column: 3, row: 0, visited: 1, unvisited: 2, nearest: [label, label]),
                        DensityResult.Cell(column: 0, row: 7, visited: 0, unvisited: 2, nearest: []),
                    ], visited: 1, unvisited: 4, revision: 9))
        #expect(throws: ReplyError.incomplete(keys: ["column", "row", "visited", "unvisited", "nearest"])) {
            try DensityResult.decode(["cells": [["column": 1]], "visited": 0, "unvisited": 0, "revision": 0])
        }
        #expect(throws: ReplyError.missing(key: "revision", kind: "integer")) {
            try DensityResult.decode(["cells": [], "visited": 0, "unvisited": 0])
        }
    }

    @Test func changeEventsRoundTrip() throws {
        let change = PlaceChange(kind: .moved, revision: 4, storeRevision: 9, place: samplePlace())
        let owner = Self.written { out in ChangeEvent.write(change, forAdmin: false, to: &out) }
        #expect(owner.hasPrefix("{\"change\":\"moved\",\"revision\":4,\"place\":{"))
        let admin = try ChangeEvent.decode(
            JSONParser.parse(Array(Self.written { out in ChangeEvent.write(change, forAdmin: true, to: &out) }.utf8)))
        #expect(
            admin
                == ChangeEvent(
                    change: "moved", revision: 9, place: WirePlace(samplePlace(), includeOwner: true), index: nil))
        #expect(ChangeEvent.revision(in: ["revision": 12]) == 12)
        #expect(throws: ReplyError.incomplete(keys: ["change", "place"])) {
            try ChangeEvent.decode(["change": "added"])
        }
    }

    @Test func watchResultsRoundTrip() throws {
        let change = PlaceChange(kind: .added, revision: 1, storeRevision: 1, place: samplePlace())
        let snapshot = Self.written { out in
            WatchResult.writeSnapshot(revision: 5, to: &out) { out in out.writeRaw("[]".utf8) }
        }
        #expect(snapshot == "{\"revision\":5,\"places\":[]}")
        #expect(try WatchResult.decodeSnapshot(JSONParser.parse(Array(snapshot.utf8))).revision == 5)
        let resumed = Self.written { out in
            WatchResult.writeResumed(revision: 6, changes: [change], forAdmin: false, to: &out)
        }
        let decoded = try WatchResult.decodeResumed(JSONParser.parse(Array(resumed.utf8)))
        #expect(decoded.revision == 6)
        #expect(
            try decoded.changes.map { value throws(ReplyError) in try ChangeEvent.decode(value).change } == ["added"])
        #expect(throws: ReplyError.missing(key: "changes", kind: "array")) { try WatchResult.decodeResumed([:]) }
    }

    /// What an import's document left out goes in `leftOut`, by reason with where, and comes back the same.
    @Test func importResultCarriesWhatWasLeftOut() throws {
        var omissions = ImportOmissions()
        omissions.skip(.withoutCoordinates, at: "line 7")
        omissions.skip(.withoutCoordinates, at: "line 9")
        omissions.skip(.geometry("Polygon"), at: "line 12")
        omissions.skip(.geometry("LineString"), at: "line 3")
        omissions.drop(field: "icon")
        omissions.drop(field: "colour")
        let result = ImportResult(added: 41, omissions: omissions)
        let text = Self.written { result.write(revision: 2, to: &$0) }
        #expect(
            text.contains(
                #""leftOut":{"withoutCoordinates":{"count":2,"where":["line 7","line 9"]},"#
                    + #""geometry":{"LineString":{"count":1,"where":["line 3"]},"Polygon":{"count":1,"where":["line 12"]}},"#
                    + #""droppedFields":["colour","icon"]}"#), "\(text)")
        #expect(try ImportResult.decode(JSONParser.parse(Array(text.utf8))) == result)
        #expect(try ImportResult.decode(["added": 1]).omissions.isEmpty, "an older daemon's result left nothing out")
    }

    @Test func smallResultsWriteTheirMembers() throws {
        let id = samplePlace().id
        #expect(
            Self.written { MoveResult.write(id: id, index: 2, revision: 8, to: &$0) }
                == "{\"id\":\"\(id)\",\"index\":2,\"revision\":8}")
        #expect(Self.written { RemoveResult.write(id: id, to: &$0) } == "{\"id\":\"\(id)\",\"removed\":true}")
        #expect(
            Self.written { ImportResult(added: 3, replaced: 1, skippedDuplicates: 2).write(revision: 4, to: &$0) }
                == "{\"added\":3,\"replaced\":1,\"skipped\":{\"idInUse\":0,\"duplicate\":2},\"leftOut\":{\"droppedFields\":[]},"
                + "\"dryRun\":false,\"revision\":4}"
        )
        #expect(
            try ImportResult.decode([
                "added": 3, "replaced": 1, "skipped": ["idInUse": 4, "duplicate": 2], "dryRun": true,
            ])
                == ImportResult(added: 3, replaced: 1, skippedIDInUse: 4, skippedDuplicates: 2, isDryRun: true))
        #expect(
            Self.written { ImportBeginResult(token: "t", maxLineBytes: 9, maxPlaces: 5).write(to: &$0) }
                == "{\"token\":\"t\",\"maxLineBytes\":9,\"maxPlaces\":5}")
        #expect(try ImportBeginResult.decode(["token": "t", "maxLineBytes": 9, "maxPlaces": 5]).maxPlaces == 5)
        #expect(try StagedImportResult.decode(["staged": 7]).staged == 7)
        #expect(Self.written { UnlockResult.write(to: &$0) } == "{\"locked\":false}")
        #expect(Self.written { OverflowNotice.write(reason: "full", to: &$0) } == "{\"reason\":\"full\"}")
        #expect(try MoveResult.decode(["index": 2]).index == 2)
        #expect(try ImportResult.decode(["added": 3]).added == 3)
        #expect(throws: ReplyError.missing(key: "added", kind: "count")) { try ImportResult.decode([:]) }
        #expect(OverflowNotice.decode(["reason": "full"]).reason == "full")
        #expect(throws: ReplyError.missing(key: "document", kind: "")) { try ExportResult.decode(["format": "gpx"]) }
    }

    @Test func serverStatusWritesEveryMemberInOrder() {
        let status = ServerStatus(
            version: "1.2.3", uptime: 61, places: 2, revision: 5, connections: 1, database: "/db", isLocked: true)
        #expect(
            Self.written { status.write(to: &$0) }
                == "{\"version\":\"1.2.3\",\"protocol\":1,\"uptime\":61,\"places\":2,\"revision\":5,"
                + "\"connections\":1,\"database\":\"/db\",\"locked\":true}")
        #expect(ServerStatus.Member(key: "uptime") == .uptime)
        #expect(ServerStatus.isLocked(JSONObject([(key: "locked", value: true)])))
    }

    @Test func errorDataNamesTheField() {
        let error = RPCError.invalidParams(ValidationError(field: "latitude", reason: "must be between -90 and 90"))
        #expect(ErrorData.field(of: error) == "latitude")
        #expect(ErrorData.reason(of: error) == "must be between -90 and 90")
        #expect(ErrorData.field(of: .locked()) == nil)
    }

    @Test func replyErrorsSayWhatIsMissing() {
        #expect(ReplyError.missing(key: "places", kind: "array").reason == "no 'places' array")
        #expect(ReplyError.missing(key: "document", kind: "").reason == "no 'document'")
        #expect(ReplyError.incomplete(keys: ["place", "distance"]).reason == "lacks 'place' or 'distance'")
    }
}
