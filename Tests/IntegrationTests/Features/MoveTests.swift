import Testing

/// `places.move {id, index, ifVersion?}`: the caller's list order, which no version or timestamp reflects.
@Suite("places.move")
struct MoveTests {
    /// Places keyed by id, to compare fields regardless of order.
    private func byID(_ list: JSON) -> [String: JSON] {
        Dictionary(
            (list["places"]?.array ?? []).map { ($0["id"]?.string ?? "?", $0) }, uniquingKeysWith: { first, _ in first }
        )
    }

    /// Moves reorder, clamp, answer `{id, index, revision}`, change no version or `updatedAt`, are events, and the
    /// order survives a restart.
    @Test func movesReorderAndPersist() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var client = try daemon.connect()
        var idOf: [String: JSON] = [:]
        for name in ["A", "B", "C", "D", "E"] {
            idOf[name] = try client.add(["name": .string(name), "latitude": 1, "longitude": 2])["id"]
        }
        let before = try client.list()
        let start = try #require(before["revision"]?.int)
        let watcher = try WatchingConnection(daemon)
        _ = try watcher.result("places.watch")

        let toTop = try client.result("places.move", ["id": idOf["E"] ?? nil, "index": 0])
        #expect(toTop == ["id": idOf["E"] ?? nil, "index": 0, "revision": .number(Double(start + 1))])
        var list = try client.list()
        #expect(names(list) == ["E", "A", "B", "C", "D"] && list["revision"]?.int == start + 1)
        #expect(byID(list) == byID(before), "a move changes no version, updatedAt or other field")

        let clamped = try client.result("places.move", ["id": idOf["A"] ?? nil, "index": 99])
        #expect(clamped == ["id": idOf["A"] ?? nil, "index": 4, "revision": .number(Double(start + 2))], "clamped")
        #expect(names(try client.list()) == ["E", "B", "C", "D", "A"])

        let inPlace = try client.result("places.move", ["id": idOf["A"] ?? nil, "index": 4])
        #expect(inPlace == clamped, "a move to the current position changes nothing, not even the revision")
        #expect(try client.result("places.move", ["id": idOf["A"] ?? nil, "index": 10]) == clamped)
        #expect(try client.list()["revision"]?.int == start + 2)

        let middle = try client.result("places.move", ["id": idOf["B"] ?? nil, "index": 2, "ifVersion": 1])
        #expect(middle["index"] == 2 && middle["revision"]?.int == start + 3, "\(middle)")
        #expect(names(try client.list()) == ["E", "C", "B", "D", "A"])

        let renamed = try client.result("places.update", ["id": idOf["B"] ?? nil, "description": "v2"])
        let stale = try client.error("places.move", ["id": idOf["B"] ?? nil, "index": 0, "ifVersion": 1])
        expectError(stale, code: -32002)
        #expect(stale["data"]?["currentVersion"] == 2, "\(stale)")
        expectError(
            try client.error("places.move", ["id": "00000000-0000-4000-8000-000000000000", "index": 0]), code: -32001)
        for (params, field) in [
            (["id": idOf["B"] ?? nil, "index": -1], "index"), (["id": idOf["B"] ?? nil, "index": "1"], "index"),
            (["id": idOf["B"] ?? nil, "index": 1.5], "index"), (["id": idOf["B"] ?? nil], "index"),
            (["index": 1], "id"), (["id": idOf["B"] ?? nil, "index": 1, "position": 1], "position"),
        ] as [(JSON, String)] {
            expectError(try client.error("places.move", params), code: -32602, field: field, "\(params)")
        }
        list = try client.list()
        #expect(
            names(list) == ["E", "C", "B", "D", "A"] && list["revision"]?.int == start + 4, "refusals change nothing")

        let events = try watcher.changes(through: start + 4)
        try ChangeReplay.checkConsecutive(events, after: start)
        #expect(events.map { $0["change"]?.string ?? "?" } == ["moved", "moved", "moved", "updated"])
        let original = byID(before)
        #expect(
            events.prefix(3).map { $0["place"] } == ["E", "A", "B"].map { original[idOf[$0]?.string ?? "?"] })
        #expect(events[3]["place"] == renamed)

        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        try daemon.start()
        client = try daemon.connect()
        #expect(try client.list() == list, "order, places and revision survive a restart")
        let afterRestart = try client.result("places.move", ["id": idOf["A"] ?? nil, "index": 0])
        #expect(afterRestart["revision"]?.int == start + 5)
        #expect(names(try client.list()) == ["A", "E", "C", "B", "D"])
    }

    /// Each uid has its own order: adding and moving in one list leaves another's alone, and a place of another
    /// uid cannot be moved.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root to run a client as another uid"))
    func eachUserHasItsOwnOrder() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let client = try daemon.connect()
        let first = try client.add(["name": "Mine 1", "latitude": 1, "longitude": 1])
        try client.add(["name": "Mine 2", "latitude": 1, "longitude": 1])
        let theirs = try OtherUser.call(
            daemon,
            [
                ("places.add", ["name": "Theirs 1", "latitude": 2, "longitude": 2]),
                ("places.add", ["name": "Theirs 2", "latitude": 2, "longitude": 2]),
                ("places.move", ["id": first["id"] ?? nil, "index": 1]),
            ])
        expectError(theirs[2]["error"] ?? [:], code: -32001, "\(theirs[2])")
        let theirID = try #require(theirs[1]["result"]?["id"])
        let moved = try OtherUser.call(daemon, [("places.move", ["id": theirID, "index": 0]), ("places.list", [:])])
        #expect(moved[0]["result"]?["index"] == 0, "\(moved[0])")
        #expect(names(moved[1]["result"] ?? [:]) == ["Theirs 2", "Theirs 1"])
        expectError(try client.error("places.move", ["id": theirID, "index": 0]), code: -32001)
        #expect(names(try client.list()) == ["Mine 1", "Mine 2"])
        let last = try client.result("places.move", ["id": first["id"] ?? nil, "index": 5])
        #expect(last["index"] == 1, "clamped to the end of the caller's own list: \(last)")
    }
}
