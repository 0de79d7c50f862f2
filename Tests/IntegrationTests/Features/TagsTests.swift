import Foundation
import Testing

/// Tags and the visit date against a real daemon: edits by two clients at once, lists by tag, places.tags, the
/// errors, exports and imports in every format, and a sealed store.
@Suite("Tags and visit dates")
struct TagsTests {
    /// Two clients adding tags to one place at the same time both keep every tag they added.
    @Test func concurrentTaggingLosesNoTag() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let place = try daemon.connect().add(["name": "Colosseum", "latitude": 41.89, "longitude": 12.49])
        let id = try #require(place["id"]?.string)
        let socket = daemon.socketPath
        let failures = try Threads(2) { client -> String? in
            do {
                let connection = try RawConnection(path: socket)
                for index in 0..<15 {
                    try connection.result(
                        "places.update", ["id": .string(id), "addTags": [.string("client\(client)-\(index)")]])
                }
                return nil
            } catch {
                return "\(error)"
            }
        }.join(timeout: 60)
        #expect(failures.allSatisfy { $0 == nil }, "\(failures)")
        let tags = try daemon.connect().result("places.get", ["id": .string(id)])["tags"]?.array ?? []
        #expect(tags.count == 30, "\(tags)")
        let removed = try daemon.connect().result(
            "places.update", ["id": .string(id), "removeTags": ["CLIENT0-0", "client1-0"]])
        #expect(removed["tags"]?.array?.count == 28, "\(removed)")
    }

    /// places.list with tag matches folded tags, needs every tag given, combines with visited and paging;
    /// places.tags counts each tag once, as first written.
    @Test func listByTagAndCountTags() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let seeds: [(String, [String], Bool)] = [
            ("Colosseum", ["Rome", "ancient"], true), ("Pantheon", ["rome", "Ancient", "church"], false),
            ("Uffizi", ["Florence", "museum"], false), ("Vatican Museums", ["ROME", "museum"], true),
            ("Zürich HB", ["Zürich"], false),
        ]
        for (name, tags, visited) in seeds {
            try client.add([
                "name": .string(name), "latitude": 41.9, "longitude": 12.5, "visited": .bool(visited),
                "tags": .array(tags.map(JSON.string)),
            ])
        }
        func names(_ params: JSON) throws -> [String] {
            try client.list(params)["places"]?.array?.compactMap { $0["name"]?.string } ?? []
        }
        #expect(try names(["tag": "rome"]) == ["Colosseum", "Pantheon", "Vatican Museums"])
        #expect(try names(["tag": "zurich"]) == ["Zürich HB"])
        #expect(try names(["tag": ["Rome", "MUSEUM"]]) == ["Vatican Museums"])
        #expect(try names(["tag": ["rome"], "visited": true]) == ["Colosseum", "Vatican Museums"])
        #expect(try names(["tag": "nowhere"]) == [])
        let page = try client.list(["tag": "rome", "offset": 1, "limit": 1])
        #expect(page["total"] == 3 && page["places"]?.array?.first?["name"] == "Pantheon", "\(page)")

        let counts = try client.result("places.tags")
        #expect(
            counts["tags"]
                == [
                    ["tag": "ancient", "count": 2], ["tag": "church", "count": 1], ["tag": "Florence", "count": 1],
                    ["tag": "museum", "count": 2], ["tag": "Rome", "count": 3], ["tag": "Zürich", "count": 1],
                ], "\(counts)")
        // A tag goes from the index when its last place loses it.
        let uffizi = try #require(try client.list(["tag": "florence"])["places"]?[0]?["id"])
        try client.result("places.update", ["id": uffizi, "tags": []])
        #expect(try names(["tag": "florence"]) == [])
        #expect(try client.result("places.tags")["tags"]?.array?.count == 5)
    }

    /// Bad tags and visit dates are refused with the field and the reason, and change nothing.
    @Test(
        arguments: [
            (["tags": [""]], "tags[0]", "must not be empty"),
            (["tags": [.string(String(repeating: "x", count: 65))]], "tags[0]", "must be at most 64 characters"),
            (["tags": ["ok", "line\nbreak"]], "tags[1]", "must not contain control characters"),
            (["tags": ["ok", 7]], "tags[1]", "must be a string"),
            (["tags": "Rome"], "tags", "must be an array of strings"),
            (["tags": .array((0..<33).map { .string("t\($0)") })], "tags", "must hold at most 32 tags, not 33"),
            (["visitedAt": "yesterday"], "visitedAt", "must be an RFC 3339 timestamp or a date such as \"2026-06-01\""),
            (["visitedAt": "2999-01-01"], "visitedAt", "must not be in the future"),
            (["visited": false, "visitedAt": "2020-01-01"], "visitedAt", "must not be given with visited false"),
        ] as [(JSON, String, String)])
    func badTagsAndDatesAreRefused(fields: JSON, field: String, reason: String) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        var params = fields.object ?? [:]
        params["latitude"] = 1
        params["longitude"] = 2
        let error = try client.error("places.add", .object(params))
        #expect(error["code"] == -32602, "\(error)")
        #expect(error["data"]?["field"]?.string == field, "\(error)")
        #expect(error["data"]?["reason"]?.string == reason, "\(error)")
        #expect(try client.list()["total"] == 0)
    }

    /// Adding tags past 32 is refused by the writer, which sees the tags the place has now.
    @Test func addTagsPastTheLimitIsRefused() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let place = try client.add([
            "latitude": 1, "longitude": 2, "tags": .array((0..<31).map { .string("t\($0)") }),
        ])
        let error = try client.error("places.update", ["id": place["id"]!, "addTags": ["a", "b"]])
        #expect(error["code"] == -32006, "\(error)")
        #expect(error["message"]?.string?.contains("at most 32") == true, "\(error)")
        #expect(try client.result("places.get", ["id": place["id"]!])["version"] == 1)
    }

    /// visitedAt: the time of the change when a place becomes visited, a date when given, null when unvisited.
    @Test func visitDates() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let added = try client.add(["latitude": 1, "longitude": 2, "visited": true])
        #expect(added["visitedAt"] == added["createdAt"], "\(added)")
        let unvisited = try client.add(["latitude": 1, "longitude": 2])
        #expect(unvisited["visitedAt"] == .null, "\(unvisited)")
        let id = try #require(unvisited["id"])
        let dated = try client.result("places.update", ["id": id, "visited": true, "visitedAt": "2026-06-01"])
        #expect(dated["visited"] == true && dated["visitedAt"] == "2026-06-01T00:00:00.000Z", "\(dated)")
        let timed = try client.result("places.update", ["id": id, "visitedAt": "2026-06-01T16:30:00+02:00"])
        #expect(timed["visitedAt"] == "2026-06-01T14:30:00.000Z", "\(timed)")
        let cleared = try client.result("places.update", ["id": id, "visited": false])
        #expect(cleared["visitedAt"] == .null, "\(cleared)")
        let now = try client.result("places.update", ["id": id, "visited": true])
        #expect(now["visitedAt"] == now["updatedAt"], "\(now)")
    }

    /// Tags and visit dates survive an export and an import in each format.
    @Test(arguments: ["json", "geojson", "gpx"])
    func exportAndImportKeepTagsAndVisitDates(format: String) throws {
        let source = try DaemonProcess.started()
        defer { source.shutdown() }
        let client = try source.connect()
        try client.add([
            "name": "Duomo", "latitude": 43.77, "longitude": 11.26, "visitedAt": "2025-05-04T10:00:00Z",
            "tags": ["Florence", "church & <dome>"],
        ])
        try client.add(["name": "Ponte Vecchio", "latitude": 43.768, "longitude": 11.253, "tags": ["Florence"]])
        try client.add(["name": "Untagged", "latitude": 1, "longitude": 2])
        let document = try #require(try client.result("places.export", ["format": .string(format)])["document"])

        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let other = try target.connect()
        let params: JSON =
            switch format {
            case "json": ["places": document]
            case "geojson": ["geojson": document]
            default: ["gpx": document]
            }
        try other.result("places.import", params)
        let places = try #require(other.list()["places"]?.array)
        #expect(places.map { $0["tags"] } == [["church & <dome>", "Florence"], ["Florence"], []], "\(places)")
        #expect(places.map { $0["visitedAt"] } == ["2025-05-04T10:00:00.000Z", .null, .null], "\(places)")
        #expect(places.map { $0["visited"] } == [true, false, false])
    }

    /// In a sealed store, tags are sealed with the other private fields: none is readable on disk.
    @Test func sealedStoreKeepsNoTagOnDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try StoreKeyFile(in: directory, name: "placesd.key")
        let daemon = try DaemonProcess(sharing: directory, arguments: ["--key-file", key.path])
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        let tag = "SecretTag" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let place = try client.add(["latitude": 1, "longitude": 2, "tags": .array([.string(tag)])])
        try client.result("places.update", ["id": place["id"]!, "addTags": .array([.string(tag + "More")])])
        try daemon.kill9()
        #expect(DiskScan.filesContaining(tag, database: daemon.databasePath).isEmpty, "the tag is readable on disk")
        try daemon.start()
        let reopened = try daemon.connect().list(["tag": .string(tag)])
        #expect(reopened["places"]?[0]?["tags"] == .array([.string(tag), .string(tag + "More")]), "\(reopened)")
    }
}
