import Glibc
import Testing

/// Each uid sees only its own places; allUsers is for root and the admin group.
@Suite("Ownership", .enabled(if: getuid() == 0, "needs root to run a client as another uid"))
struct OwnershipTests {
    /// Another uid neither sees nor touches root's places; root with allUsers sees both with owners; the other
    /// uid may not use allUsers.
    @Test func placesBelongToTheirUID() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let root = try daemon.connect()
        let rootPlace = try root.add(["name": "Root's", "latitude": 1, "longitude": 2])
        let rootID = try #require(rootPlace["id"])
        let rootRevision = try root.list()["revision"]

        let first = try OtherUser.call(
            daemon,
            [
                ("places.list", [:]),
                ("places.get", ["id": rootID]),
                ("places.update", ["id": rootID, "name": "Stolen"]),
                ("places.remove", ["id": rootID]),
                ("places.add", ["name": "Nobody's", "latitude": 3, "longitude": 4]),
                ("places.list", [:]),
                ("places.list", ["allUsers": true]),
                ("places.get", ["id": rootID, "allUsers": true]),
                ("server.status", [:]),
            ])
        #expect(first[0]["result"]?["places"] == [] && first[0]["result"]?["total"] == 0, "\(first[0])")
        for index in 1...3 {
            expectError(first[index]["error"] ?? [:], code: -32001, "\(first[index])")
        }
        let nobodyPlace = try #require(first[4]["result"], "\(first[4])")
        let nobodyID = try #require(nobodyPlace["id"])
        #expect(first[5]["result"]?["places"] == [nobodyPlace], "\(first[5])")
        expectError(first[6]["error"] ?? [:], code: -32003, "\(first[6])")
        expectError(first[7]["error"] ?? [:], code: -32003, "\(first[7])")
        #expect(first[8]["result"]?["places"] == 1, "\(first[8])")

        #expect(try root.list()["places"] == [rootPlace], "root sees only its own place")
        #expect(try root.list()["revision"] == rootRevision, "another user's change does not show in the revision")
        expectError(try root.error("places.get", ["id": nobodyID]), code: -32001)
        expectError(try root.error("places.update", ["id": nobodyID, "visited": true]), code: -32001)
        #expect(try root.result("places.get", ["id": rootID]) == rootPlace, "unchanged by the other uid")

        let everyone = try root.list(["allUsers": true])
        let owned = (everyone["places"]?.array ?? []).map { ($0["id"] ?? nil, $0["owner"] ?? nil) }
        #expect(owned.count == 2 && everyone["total"] == 2, "\(everyone)")
        #expect(owned.contains { $0 == (rootID, 0) } && owned.contains { $0 == (nobodyID, 65534) }, "\(everyone)")
        let fetched = try root.result("places.get", ["id": nobodyID, "allUsers": true])
        #expect(fetched["owner"] == 65534 && fetched["name"] == "Nobody's", "\(fetched)")
    }
}
