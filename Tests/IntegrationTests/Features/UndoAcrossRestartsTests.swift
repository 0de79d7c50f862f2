import Testing

/// Undo from the change log alone: after placesd restarts, and over PostgreSQL on a host that did not make the
/// change; a log written before it kept list positions undoes as documented.
@Suite("Undo across restarts and hosts")
struct UndoAcrossRestartsTests {
    /// A removal and a move are undone after a restart, and an undo made before a restart is not redone after it.
    @Test func undoOutlivesARestart() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var places: [JSON] = []
        for name in ["A", "B", "C", "D"] {
            places.append(try daemon.connect().add(["name": .string(name), "latitude": 1, "longitude": 2]))
        }
        try daemon.connect().result("places.remove", ["id": places[1]["id"] ?? nil])
        try restart(daemon)

        let removal = try daemon.connect().result("places.undo")
        #expect(removal["undone"]?[0]?["change"] == "removed", "\(removal)")
        let list = try daemon.connect().list()
        #expect(names(list) == ["A", "B", "C", "D"], "back at its index")
        var restored = places[1].object ?? [:]
        restored["version"] = 2
        let back = try #require(list["places"]?[1]?.object)
        #expect(back.filter { $0.key != "updatedAt" } == restored.filter { $0.key != "updatedAt" }, "\(back)")

        try daemon.connect().result("places.move", ["id": places[3]["id"] ?? nil, "index": 0])
        try restart(daemon)
        let move = try daemon.connect().result("places.undo")
        #expect(move["undone"]?[0]?["change"] == "moved", "\(move)")
        #expect(names(try daemon.connect().list()) == ["A", "B", "C", "D"], "moved back")

        try restart(daemon)
        let before = try daemon.connect().result("places.undo")
        #expect(before["undone"]?[0]?["change"] == "added", "the change before, not a redo: \(before)")
        #expect(before["undone"]?[0]?["place"]?["name"] == "D", "\(before)")
        #expect(names(try daemon.connect().list()) == ["A", "B", "C"])
        let history = try daemon.connect().result("places.history", ["limit": 3])["changes"]?.array ?? []
        #expect(history.map { $0["undid"] } == [4, 7, nil], "\(history)")
    }

    /// Over PostgreSQL, host B undoes host A's move and removal for the same user: each place goes back where it
    /// stood, which only the shared log tells B.
    @Test func anotherHostPutsPlacesBackWhereTheyStood() throws {
        try SharedStoreTests.withTwoHosts { _, a, b in
            var ids: [JSON] = []
            for name in ["A", "B", "C", "D"] {
                ids.append(
                    try #require(try a.connect().add(["name": .string(name), "latitude": 1, "longitude": 2])["id"]))
            }
            try a.connect().result("places.remove", ["id": ids[1]])
            try a.connect().result("places.move", ["id": ids[3], "index": 0])
            #expect(Deadline.wait(seconds: 30) { (try? b.connect().list())?["revision"]?.int == 6 })
            try b.connect().result("places.undo")
            #expect(names(try b.connect().list()) == ["A", "C", "D"], "moved back")
            try b.connect().result("places.undo")
            #expect(names(try b.connect().list()) == ["A", "B", "C", "D"], "back at its index")
            #expect(Deadline.wait(seconds: 30) { (try? a.connect().list()).map(names) == ["A", "B", "C", "D"] })
        }
    }

    /// A schema version 2 database (before the log kept positions) is upgraded when a host opens it; its log's
    /// removal comes back at the end of the list, its move is refused, and an undo of before counts as an
    /// ordinary change.
    @Test func aVersionTwoLogUndoesAsDocumented() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let host = try DaemonProcess(databasePath: cluster.uri)
        defer { host.shutdown() }
        try host.start(timeout: 60)
        var ids: [JSON] = []
        for name in ["A", "B", "C"] {
            ids.append(
                try #require(try host.connect().add(["name": .string(name), "latitude": 1, "longitude": 2])["id"]))
        }
        try host.connect().result("places.move", ["id": ids[2], "index": 0])
        try host.connect().result("places.remove", ["id": ids[0]])
        try host.connect().result("places.undo")
        try host.connect().result("places.remove", ["id": ids[1]])
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "4")
        _ = try host.stop()
        // What version 3 left: the same log without the two columns.
        try cluster.psql("ALTER TABLE changes DROP COLUMN previous_index, DROP COLUMN undid")
        try cluster.psql("UPDATE meta SET schema_version = 3")
        try host.start(timeout: 60)
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "4")

        let client = try host.connect()
        try client.result("places.undo")
        #expect(names(try client.list()) == ["C", "A", "B"], "a removal of before: at the end")
        let oldUndo = try client.result("places.undo")
        #expect(oldUndo["undone"]?[0]?["change"] == "added", "an undo of before is an ordinary change: \(oldUndo)")
        try client.result("places.undo")
        #expect(names(try client.list()) == ["C", "B", "A"])
        let move = try client.error("places.undo")
        #expect(move["code"] == -32002, "\(move)")
        #expect(move["message"]?.string?.contains("where 'C' stood before its move is not known") == true, "\(move)")
    }

    private func restart(_ daemon: DaemonProcess) throws {
        let status = try daemon.stop()
        #expect(status == .exited(0), "\(daemon.logTail)")
        try daemon.start()
    }

    private func names(_ list: JSON) -> [String] {
        (list["places"]?.array ?? []).compactMap { $0["name"]?.string }
    }
}
