import Testing

/// places.undo, places.history and `placesctl undo` / `placesctl history` against a real daemon, over SQLite and
/// over PostgreSQL.
@Suite("Undo and history")
struct UndoMethodTests {
    /// Each kind of change is reverted as a new change, watchers see ordinary events, and undo is a stack.
    @Test func eachKindIsRevertedAsAnOrdinaryChange() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        var ids: [JSON] = []
        for name in ["A", "B", "C"] {
            ids.append(try #require(try client.add(["name": .string(name), "latitude": 1, "longitude": 2])["id"]))
        }
        try client.result("places.update", ["id": ids[1], "name": "B2", "visited": true])
        try client.result("places.move", ["id": ids[2], "index": 0])
        try client.result("places.remove", ["id": ids[0]])
        #expect(names(try client.list()) == ["C", "B2"])
        let watcher = try WatchingConnection(daemon)
        let start = try #require(try watcher.result("places.watch")["revision"]?.int)

        let removal = try client.result("places.undo")
        #expect(removal["undone"]?[0]?["change"] == "removed", "\(removal)")
        #expect(removal["undone"]?[0]?["place"]?["version"] == 2, "\(removal)")
        #expect(names(try client.list()) == ["C", "A", "B2"], "back where it was")
        try client.result("places.undo")
        #expect(names(try client.list()) == ["A", "B2", "C"], "moved back")
        try client.result("places.undo")
        let b = try client.result("places.get", ["id": ids[1]])
        #expect(b["name"] == "B" && b["visited"] == false && b["version"] == 3, "\(b)")
        let two = try client.result("places.undo", ["count": 2])
        #expect(two["undone"]?.array?.map { $0["change"] } == ["added", "added"], "\(two)")
        #expect(names(try client.list()) == ["A"])

        let events = try watcher.changes(through: start + 5)
        #expect(events.map { $0["change"] } == ["added", "moved", "updated", "removed", "removed"])
        let nothingLeft = try client.error("places.undo", ["count": 2])
        #expect(nothingLeft["code"] == -32002, "\(nothingLeft)")
        #expect(nothingLeft["message"]?.string?.contains("only 1 change to undo") == true, "\(nothingLeft)")
    }

    /// places.history lists the caller's changes newest first, what an update changed, and only its own.
    @Test func historyListsTheCallersChangesNewestFirst() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let id = try #require(try client.add(["name": "Louvre", "latitude": 1, "longitude": 2])["id"])
        try client.result("places.update", ["id": id, "visited": true])
        try client.add(["name": "Orsay", "latitude": 1, "longitude": 2])
        let history = try client.result("places.history", ["limit": 2])
        let changes = history["changes"]?.array ?? []
        #expect(changes.map { $0["change"] } == ["added", "updated"], "\(history)")
        #expect(changes.last?["fields"] == ["visited", "visitedAt"], "\(history)")
        let ofOne = try client.result("places.history", ["id": id])["changes"]?.array ?? []
        #expect(ofOne.map { $0["revision"] } == [2, 1])
        let tooMany = try client.error("places.history", ["limit": 1001])
        #expect(tooMany["code"] == -32602, "\(tooMany)")

        let table = try placesctl(daemon, ["history", "--limit", "2"])
        #expect(table.status == .exited(0), "\(table.summary)")
        #expect(
            table.stdout.contains("updated (visited, visitedAt)") && table.stdout.contains("Orsay"), "\(table.stdout)")
    }

    /// `placesctl undo` says what it did; refused with exit 73 when there is nothing to undo.
    @Test func placesctlUndoSaysWhatItDid() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.add(["name": "Louvre", "latitude": 1, "longitude": 2])
        let undone = try placesctl(daemon, ["undo"])
        #expect(undone.status == .exited(0), "\(undone.summary)")
        #expect(undone.stdout == "Removed 'Louvre' (undid its addition).\n", "\(undone.stdout)")
        let refused = try placesctl(daemon, ["undo"])
        #expect(refused.status == .exited(73), "\(refused.summary)")
        #expect(refused.stderr.contains("nothing to undo"), "\(refused.stderr)")
        let usage = try placesctl(daemon, ["undo", "101"])
        #expect(usage.status == .exited(64), "\(usage.summary)")
    }

    /// Over PostgreSQL, an undo on one host reverts a change made on another, from the shared log.
    @Test func anUndoOverPostgreSQLReadsTheSharedLog() throws {
        try SharedStoreTests.withTwoHosts { _, a, b in
            let id = try #require(try a.connect().add(["name": "Louvre", "latitude": 1, "longitude": 2])["id"])
            try a.connect().result("places.update", ["id": id, "name": "Musée"])
            #expect(Deadline.wait(seconds: 30) { (try? b.connect().list())?["revision"]?.int == 2 })
            let undone = try b.connect().result("places.undo")
            #expect(undone["undone"]?[0]?["place"]?["name"] == "Louvre", "\(undone)")
            #expect(Deadline.wait(seconds: 30) { (try? a.connect().list()).map(names) == ["Louvre"] })
        }
    }

    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
    }

    private func names(_ list: JSON) -> [String] {
        (list["places"]?.array ?? []).compactMap { $0["name"]?.string }
    }
}
