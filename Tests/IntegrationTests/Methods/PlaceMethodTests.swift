import Foundation
import Testing

/// places.add, places.get, places.list, places.update and places.remove against a real daemon.
@Suite("Place methods")
struct PlaceMethodTests {
    /// places.add fills in the defaults and stamps id, version and timestamps.
    @Test func addAppliesDefaults() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let before = Date()
        let place = try client.add(["latitude": 48.8584, "longitude": 2.2945])
        #expect(Set(place.object?.keys ?? [:].keys) == placeKeys, "\(place)")
        #expect(place["name"] == "New location")
        #expect(place["description"] == "")
        #expect(place["visited"] == false)
        #expect(place["version"] == 1)
        #expect(place["latitude"] == 48.8584)
        #expect(place["longitude"] == 2.2945)
        #expect(isCanonicalUUID(place["id"]?.string), "\(place)")
        let created = try #require(parseTimestamp(place["createdAt"]?.string), "\(place)")
        #expect(place["updatedAt"] == place["createdAt"])
        #expect(created.timeIntervalSince(before) > -1 && created.timeIntervalSinceNow < 1, "\(created) vs now")
    }

    /// Every field given to places.add is kept (the name trimmed) and places.get returns the same place.
    @Test func addKeepsEveryFieldAndGetReturnsIt() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let place = try client.add([
            "name": "  Eiffel Tower \n", "description": "Iron\nlady\r\n\tof Paris", "latitude": -33.8568,
            "longitude": 151.2153, "visited": true,
        ])
        #expect(place["name"] == "Eiffel Tower")
        #expect(place["description"] == "Iron\nlady\r\n\tof Paris")
        #expect(place["latitude"] == -33.8568)
        #expect(place["longitude"] == 151.2153)
        #expect(place["visited"] == true)
        let id = try #require(place["id"]?.string)
        #expect(try client.result("places.get", ["id": .string(id)]) == place)
        #expect(try client.result("places.get", ["id": .string(id.uppercased())]) == place, "ids accept any case")
        let other = try daemon.connect()
        #expect(try other.result("places.get", ["id": .string(id)]) == place, "visible on another connection")
    }

    /// places.list filters by visited and query, pages with offset and limit, and counts matches before paging.
    @Test func listFiltersSearchesAndPages() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let empty = try client.list()
        #expect(empty["places"] == [] && empty["total"] == 0, "\(empty)")
        let startRevision = try #require(empty["revision"]?.int, "\(empty)")
        let seeds: [(String, String, Bool)] = [
            ("Alpha Cafe", "", false), ("Beta", "A quiet CAFE by the river", true), ("Gamma Museum", "", true),
            ("Delta", "Museum of cafes", false), ("Epsilon", "nothing here", false),
            ("Crème Brûlée", "Dessert", false),
        ]
        for (name, description, visited) in seeds {
            try client.add([
                "name": .string(name), "description": .string(description), "latitude": 1, "longitude": 2,
                "visited": .bool(visited),
            ])
        }
        let all = try client.list()
        #expect(
            names(all) == ["Alpha Cafe", "Beta", "Gamma Museum", "Delta", "Epsilon", "Crème Brûlée"],
            "new places go last")
        #expect(all["total"] == 6)
        #expect(all["revision"]?.int == startRevision + 6, "one revision per add: \(all)")

        let cases: [(JSON, [String], Int)] = [
            (["visited": true], ["Beta", "Gamma Museum"], 2),
            (["visited": false], ["Alpha Cafe", "Delta", "Epsilon", "Crème Brûlée"], 4),
            (["query": "cAfE"], ["Alpha Cafe", "Beta", "Delta"], 3),
            (["query": "MUSEUM", "visited": false], ["Delta"], 1),
            (["offset": 1, "limit": 2], ["Beta", "Gamma Museum"], 6),
            (["offset": 4, "limit": 10], ["Epsilon", "Crème Brûlée"], 6),
            (["offset": 10], [], 6),
            (["limit": 0], [], 6),
            (["query": "BRÛLÉE"], ["Crème Brûlée"], 1),
            (["query": "sseR"], ["Crème Brûlée"], 1),
            (["query": "cafe", "offset": 1, "limit": 1], ["Beta"], 3),
            (["query": "zzz"], [], 0),
        ]
        for (params, expectedNames, expectedTotal) in cases {
            let list = try client.list(params)
            #expect(names(list) == expectedNames, "places.list \(params)")
            #expect(list["total"]?.int == expectedTotal, "places.list \(params): \(list["total"] ?? nil)")
            #expect(list["revision"] == all["revision"], "places.list \(params): revision without a change")
        }

        #expect(try client.list()["revision"] == all["revision"], "same revision with no change in between")
        let first = try #require(all["places"]?[0]?["id"])
        try client.result("places.update", ["id": first, "visited": true])
        let after = try client.list()
        #expect(after["revision"]?.int == startRevision + 7, "+1 after a change: \(after)")
    }

    /// places.update changes only the given fields, bumps version and updatedAt, and honours ifVersion.
    @Test func updateIsPartialAndVersioned() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let original = try client.add([
            "name": "Louvre", "description": "Museum", "latitude": 48.8606, "longitude": 2.3376,
        ])
        let id = try #require(original["id"])
        waitForClockToPass(original["updatedAt"]?.string)

        let renamed = try client.result("places.update", ["id": id, "name": "Musée du Louvre"])
        #expect(renamed["name"] == "Musée du Louvre")
        for key in ["id", "description", "latitude", "longitude", "visited", "createdAt"] {
            #expect(renamed[key] == original[key], "\(key) must not change")
        }
        #expect(renamed["version"] == 2)
        let updatedAt = try #require(renamed["updatedAt"]?.string)
        #expect(parseTimestamp(updatedAt) != nil)
        #expect(updatedAt > (original["updatedAt"]?.string ?? ""), "updatedAt moves forward: \(renamed)")
        #expect(try client.result("places.get", ["id": id]) == renamed)

        let visited = try client.result("places.update", ["id": id, "visited": true, "ifVersion": 2])
        #expect(visited["version"] == 3 && visited["visited"] == true && visited["name"] == "Musée du Louvre")

        let revision = try client.list()["revision"]
        let conflict = try client.error("places.update", ["id": id, "latitude": 10, "ifVersion": 1])
        expectError(conflict, code: -32002)
        #expect(conflict["data"]?["currentVersion"] == 3, "\(conflict)")
        #expect(try client.result("places.get", ["id": id]) == visited, "a conflict changes nothing")
        #expect(try client.list()["revision"] == revision)

        let moved = try client.result("places.update", ["id": id, "latitude": -10.5, "longitude": -170.25])
        #expect(moved["latitude"] == -10.5 && moved["longitude"] == -170.25 && moved["version"] == 4)
        #expect(moved["description"] == "Museum")

        let everything = try client.result(
            "places.update",
            [
                "id": id, "name": "  Louvre  \n", "description": "", "latitude": 0, "longitude": 0, "visited": false,
                "ifVersion": 4,
            ])
        #expect(everything["name"] == "Louvre", "names are trimmed on update too")
        #expect(everything["description"] == "" && everything["visited"] == false && everything["version"] == 5)
        #expect(everything["latitude"] == 0 && everything["longitude"] == 0)
        #expect(everything["createdAt"] == original["createdAt"])
    }

    /// places.remove deletes a place, honouring ifVersion; the id is then unknown.
    @Test func removeHonoursIfVersion() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let first = try client.add(["name": "First", "latitude": 1, "longitude": 1])
        let second = try client.add(["name": "Second", "latitude": 2, "longitude": 2])
        let id = try #require(first["id"])
        let revision = try #require(try client.list()["revision"]?.int)

        let conflict = try client.error("places.remove", ["id": id, "ifVersion": 2])
        expectError(conflict, code: -32002)
        #expect(conflict["data"]?["currentVersion"] == 1, "\(conflict)")
        #expect(try client.result("places.get", ["id": id]) == first)

        let removed = try client.result("places.remove", ["id": id, "ifVersion": 1])
        #expect(removed == ["id": id, "removed": true])
        expectError(try client.error("places.get", ["id": id]), code: -32001)
        expectError(try client.error("places.remove", ["id": id]), code: -32001)
        expectError(try client.error("places.update", ["id": id, "name": "x"]), code: -32001)
        let list = try client.list()
        #expect(list["places"] == [second])
        #expect(list["total"] == 1)
        #expect(list["revision"]?.int == revision + 1, "only the successful remove counts: \(list)")

        let secondID = try #require(second["id"])
        #expect(try client.result("places.remove", ["id": secondID]) == ["id": secondID, "removed": true])
        #expect(try client.list()["total"] == 0)
    }

    /// server.status reports the version, protocol, uptime, the caller's places, revision, connections and paths.
    @Test func serverStatusDescribesTheDaemon() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let version = try Subprocess.run(try Binaries.placesd(), ["--version"], in: daemon.directory)
        #expect(version.status == .exited(0), "\(version.summary)")
        #expect(version.stdout == "placesd 0.1.0\n", "\(version.summary)")

        let client = try daemon.connect()
        let other = try daemon.connect()
        try client.add(["latitude": 1, "longitude": 2])
        try client.add(["latitude": 3, "longitude": 4])
        _ = try other.result("server.status")
        let status = try client.result("server.status")
        for key in ["version", "protocol", "uptime", "places", "revision", "connections", "database", "locked"] {
            #expect(status[key] != nil, "server.status lacks \(key): \(status)")
        }
        #expect(status["version"] == "0.1.0", "\(status)")
        #expect(status["protocol"] == 1)
        let uptime = try #require(status["uptime"]?.double, "\(status)")
        #expect(uptime >= 0 && uptime < 60)
        #expect(status["places"] == 2)
        #expect(status["revision"] == (try client.list()["revision"]))
        #expect(status["connections"] == 2, "\(status)")
        #expect(status["database"] == .string(daemon.databasePath), "\(status)")
        #expect(status["locked"] == false)
        #expect(try client.result("server.status", [:])["places"] == 2, "empty params object is fine")
    }

    /// Unknown methods get -32601; unknown ids get -32001 from every method taking one.
    @Test func unknownMethodsAndIDs() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        for method in ["places.frobnicate", "", "PLACES.ADD", "server.status.extra", "rpc.unknown"] {
            expectError(try client.error(method, [:]), code: -32601, "method \(method.debugDescription)")
        }
        let unknown: JSON = "0f8fad5b-d9cb-469f-a165-70867728950e"
        expectError(try client.error("places.get", ["id": unknown]), code: -32001)
        expectError(try client.error("places.update", ["id": unknown, "name": "x"]), code: -32001)
        expectError(try client.error("places.remove", ["id": unknown]), code: -32001)
        #expect(try client.list()["total"] == 0)
    }
}
