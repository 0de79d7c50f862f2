import Testing

/// `places.watch` with `since`: the changes after a revision from the change log, then the live stream, across
/// a restart; a clear error once the log no longer reaches back.
@Suite("places.watch since")
struct WatchResumeTests {
    /// A watcher that saw revision r resumes after a restart: the result holds exactly the changes r+1… as
    /// events would, and the live stream continues from there with no gap and no overlap.
    @Test func resumesAfterARestartWithoutASnapshot() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        let first = try writer.add(["name": "First", "latitude": 1, "longitude": 2])
        let seen = try #require(try writer.list()["revision"]?.int)
        let second = try writer.add(["name": "Second", "latitude": 3, "longitude": 4])
        let renamed = try writer.result("places.update", ["id": first["id"] ?? nil, "name": "First, renamed"])
        _ = try daemon.stop()
        try daemon.start()

        let watcher = try WatchingConnection(daemon)
        let resumed = try watcher.result("places.watch", ["since": .number(Double(seen))])
        #expect(Set(resumed.object?.keys.map { $0 } ?? []) == ["revision", "changes"], "\(resumed)")
        #expect(resumed["revision"]?.int == seen + 2)
        let missed = resumed["changes"]?.array ?? []
        try ChangeReplay.checkConsecutive(missed, after: seen)
        #expect(missed.map { $0["change"]?.string } == ["added", "updated"])
        #expect(missed.map { $0["place"] } == [second, renamed])

        let writerAgain = try daemon.connect()
        let third = try writerAgain.add(["name": "Third", "latitude": 5, "longitude": 6])
        let events = try watcher.changes(through: seen + 3)
        try ChangeReplay.checkConsecutive(events, after: seen + 2)
        #expect(events.map { $0["place"] } == [third])

        // Resuming from the current revision gives nothing missed; from a future one, an error.
        let current = try WatchingConnection(daemon)
        #expect(try current.result("places.watch", ["since": .number(Double(seen + 3))])["changes"] == [])
        let ahead = try #require(try current.call("places.watch", ["since": 1_000])["error"] ?? nil)
        expectError(ahead, code: -32602, field: "since")
        #expect(ahead["data"]?["currentRevision"]?.int == seen + 3)
    }

    /// Past the log's bound the call fails with -32602 and `data.oldestRevision`; an administrator resumes by
    /// store revision.
    @Test func aPrunedLogSaysHowFarItReaches() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-change-log-entries", "3"])
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        for number in 1...6 {
            try writer.add(["name": .string("Place \(number)"), "latitude": 1, "longitude": 2])
        }
        let watcher = try WatchingConnection(daemon)
        let pruned = try #require(try watcher.call("places.watch", ["since": 1])["error"] ?? nil)
        expectError(pruned, code: -32602, field: "since")
        #expect(pruned["data"]?["oldestRevision"]?.int == 4, "\(pruned)")
        let resumed = try watcher.result("places.watch", ["since": 3])
        #expect((resumed["changes"]?.array ?? []).compactMap { $0["revision"]?.int } == [4, 5, 6])
    }
}
