import Dispatch
import Synchronization
import Testing

/// `places.watch`: a snapshot, then every committed change of the caller's places as `places.changed`.
@Suite("places.watch")
struct WatchTests {
    /// Each event is `{change, revision, place}` in commit order, the revisions continue the snapshot's, and the
    /// place is the one the changing request answered with (or, when removed, the last one it was).
    @Test func snapshotThenEveryChangeInOrder() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        let first = try writer.add(["name": "First", "latitude": 1, "longitude": 2])
        try writer.add(["name": "Second", "latitude": 3, "longitude": 4])
        let before = try writer.list()

        let watcher = try WatchingConnection(daemon)
        let snapshot = try watcher.result("places.watch")
        #expect(Set(snapshot.object?.keys.map { $0 } ?? []) == ["revision", "places"], "\(snapshot)")
        #expect(snapshot["revision"] == before["revision"] && snapshot["places"] == before["places"])
        let start = try #require(snapshot["revision"]?.int)

        let added = try writer.add(["name": "Third", "latitude": 5, "longitude": 6])
        let addedID = try #require(added["id"])
        let updated = try writer.result("places.update", ["id": addedID, "name": "Third, renamed"])
        let moved = try writer.result("places.move", ["id": addedID, "index": 0])
        #expect(moved == ["id": addedID, "index": 0, "revision": .number(Double(start + 3))])
        let visited = try writer.result("places.update", ["id": addedID, "visited": true])
        try writer.result("places.remove", ["id": first["id"] ?? nil])
        let own = try watcher.result("places.add", ["name": "By the watcher", "latitude": 7, "longitude": 8])

        let events = try watcher.changes(through: start + 6)
        try ChangeReplay.checkConsecutive(events, after: start)
        #expect(
            events.map { $0["change"]?.string ?? "?" } == ["added", "updated", "moved", "updated", "removed", "added"])
        #expect(events.map { $0["place"] } == [added, updated, updated, visited, first, own])
        for event in events {
            #expect(Set(event.object?.keys.map { $0 } ?? []) == ["change", "revision", "place"], "\(event)")
            #expect(Set(event["place"]?.object?.keys.map { $0 } ?? []) == placeKeys, "no owner: \(event)")
        }
        let final = try writer.list()
        #expect(final["revision"]?.int == start + 6)

        // A request that changes nothing sends nothing.
        try writer.result("places.move", ["id": addedID, "index": 0])
        expectError(try writer.error("places.update", ["id": addedID, "name": "x", "ifVersion": 1]), code: -32002)
        #expect(try watcher.result("server.status")["revision"]?.int == start + 6)
        #expect(watcher.pending.isEmpty, "no event for changes that did not happen: \(watcher.pending)")
        expectError(try watcher.call("places.watch", ["since": -1])["error"] ?? nil, code: -32602, field: "since")
    }

    /// Four clients write before, during and after the subscription: the events continue the snapshot's revision
    /// with no gap and no overlap, and the snapshot plus the events is exactly the final list.
    @Test func noGapNoOverlapWhileFourClientsWrite() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let socketPath = daemon.socketPath
        // The writers write only what the test grants, so that what comes before, around and after the
        // subscription is the same whatever the speed of the machine or of a sanitizer.
        let control = WriterControl()
        let writers = Threads(4) { writer in Self.write(as: writer, socketPath: socketPath, control: control) }
        defer { control.stop() }

        control.grant(40)
        let started = Deadline.wait(seconds: Self.patience) { control.writes >= 40 || control.finished > 0 }
        let watcher = try WatchingConnection(daemon)
        // Granted just before the watch is sent, these race it: they land before, while or after the daemon takes
        // the snapshot and subscribes the connection.
        control.grant(40)
        let snapshot = try watcher.result("places.watch", timeout: Self.patience)
        // Granted once the snapshot is here, these all commit after it.
        control.grant(200)
        let continued = Deadline.wait(seconds: Self.patience) { control.writes >= 280 || control.finished > 0 }
        control.stop()
        let failures = try writers.join(timeout: Self.patience).flatMap { $0 }
        #expect(failures.isEmpty, "\(failures.prefix(3))\(daemon.logTail)")
        #expect(started && continued, "writers made \(control.writes) of \(control.granted) granted writes")

        let final = try daemon.connect().list()
        let start = try #require(snapshot["revision"]?.int)
        let end = try #require(final["revision"]?.int)
        #expect(end - start >= 200, "the writers kept writing during the subscription (\(start) → \(end))")
        let events = try watcher.changes(through: end, timeout: Self.patience)
        try ChangeReplay.checkConsecutive(events, after: start)
        let replayed = try ChangeReplay.apply(events, to: snapshot["places"]?.array ?? [])
        #expect(replayed == final["places"]?.array, "snapshot + events == the final list")

        let writersSeen = Set(events.compactMap { $0["place"]?["name"]?.string?.split(separator: "-").first })
        #expect(writersSeen == ["w0", "w1", "w2", "w3"], "every writer's changes are in the events")
        var versions: [String: Int] = [:]
        for event in events {
            guard let id = event["place"]?["id"]?.string, let version = event["place"]?["version"]?.int else {
                continue
            }
            let previous = versions[id, default: 0]
            let removal = event["change"] == "removed"
            #expect(
                version > previous || removal && version == previous,
                "versions of one place rise in event order (a removal repeats the last): \(event)")
            versions[id] = version
        }
        #expect(try watcher.result("server.status")["revision"]?.int == end)
        #expect(watcher.pending.isEmpty, "nothing after the last change: \(watcher.pending.prefix(2))")
    }

    /// Watching again on the same connection gives a fresh snapshot, and the events after it continue that
    /// snapshot's revision (none of the earlier subscription's arrive after it), while four clients write.
    @Test func watchingAgainStartsFromTheNewSnapshot() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let socketPath = daemon.socketPath
        // The writers write only as many times as the watcher lets them, 45 times a round, 900 in all: left to
        // write as fast as they could, they made 210,078 writes in 18 rounds under AddressSanitizer, and the
        // watcher, reading a snapshot of the whole growing list each round, fell ever further behind until it
        // gave up waiting. So bounded, the list stays under 250 places and the events waiting for the watcher
        // far below the subscriber buffer's bound, whatever the speed of either side.
        let control = WriterControl()
        let writers = Threads(4) { writer in Self.write(as: writer, socketPath: socketPath, control: control) }
        defer { control.stop() }
        let watcher = try WatchingConnection(daemon)
        var snapshot: JSON = [:]
        var events: [JSON] = []
        for round in 1...20 {
            // Granted just before the watch is sent, these writes race it: they land before, while or after the
            // daemon takes the snapshot and replaces the subscription, as do any left from earlier rounds.
            control.grant(40)
            snapshot = try watcher.result("places.watch", timeout: Self.patience)
            let dropped = watcher.pending.map { message in
                message["method"] == "places.changed" ? message["params"]?["revision"]?.int ?? Int.max : Int.max
            }
            watcher.dropPending()  // the previous subscription's, sent before this snapshot
            let start = try #require(snapshot["revision"]?.int)
            try #require(
                dropped.allSatisfy { $0 <= start },
                "watch #\(round): before the snapshot at revision \(start), only events from before it: \(dropped)")
            // Granted once the snapshot is here, these 5 commit after it: the events through `start + 5` come
            // however many of the writes above the snapshot already holds.
            control.grant(5)
            do {
                events = try watcher.changes(through: start + 5, timeout: Self.patience)
            } catch {
                control.stop()
                let failures = (try? writers.join(timeout: 30))?.flatMap { $0 } ?? ["the writers did not stop"]
                throw TestFailure(
                    "watch #\(round) at revision \(start) (\(dropped.count) earlier events dropped), writers at "
                        + "\(control.writes) of \(control.granted) granted writes, \(control.finished) finished "
                        + "\(failures.prefix(4)): \(error)" + daemon.logTail)
            }
            let revisions = events.map { $0["revision"]?.int ?? -1 }
            try #require(
                revisions == Array((start + 1)...(start + 5)),
                "watch #\(round): snapshot at revision \(start), then events \(revisions)")
        }
        control.stop()
        let failures = try writers.join(timeout: Self.patience).flatMap { $0 }
        #expect(failures.isEmpty, "\(failures.prefix(3))")

        let final = try daemon.connect().list()
        let end = try #require(final["revision"]?.int)
        events += try watcher.changes(through: end, timeout: Self.patience)
        try ChangeReplay.checkConsecutive(events, after: snapshot["revision"]?.int ?? -1)
        let replayed = try ChangeReplay.apply(events, to: snapshot["places"]?.array ?? [])
        #expect(replayed == final["places"]?.array, "the last snapshot + its events == the final list")
    }

    /// How long a writer or the watcher waits for one answer or event. Durable writes wait for fsync, which
    /// other tests' disk work (full disks, loop devices turned read-only) can hold up for seconds under a
    /// sanitizer: with 10 s, all four writers once gave up together and the watcher waited for events that never
    /// came.
    private static let patience = 60.0

    /// One writer's loop: add, add, update, remove (its own oldest), each write waiting for one granted by the test,
    /// until told to stop (or after 300 s).
    private static func write(as writer: Int, socketPath: String, control: WriterControl) -> [String] {
        defer { control.finish() }
        do {
            let client = try RawConnection(path: socketPath)
            var mine: [JSON] = []
            let deadline = Deadline(seconds: 300)
            var step = 0
            while control.mayWrite(before: deadline) {
                defer { step += 1 }
                switch step % 4 {
                case 0, 1:
                    let place = try client.result(
                        "places.add",
                        [
                            "name": .string("w\(writer)-\(step)"), "latitude": .number(Double(writer)),
                            "longitude": .number(Self.longitude(step: step)),
                        ], timeout: Self.patience)
                    mine.append(place["id"] ?? nil)
                case 2:
                    try client.result(
                        "places.update",
                        ["id": mine.last ?? nil, "visited": true, "description": .string("step \(step)")],
                        timeout: Self.patience)
                default:
                    try client.result("places.remove", ["id": mine.removeFirst()], timeout: Self.patience)
                }
                control.wrote()
            }
            return []
        } catch {
            return ["writer \(writer): \(error)"]
        }
    }

    /// A longitude for a writer's `step`th write, in range however many writes a slow watcher lets the writers
    /// make: 0.1° apart, wrapping around at 180° (`step / 10` left the valid range after 1,800 writes, and the
    /// writers then failed, stopped, and left the watcher waiting for events that never came).
    static func longitude(step: Int) -> Double {
        Double(step % 3600) / 10 - 180
    }

    /// Another uid's changes reach neither the owner-scoped watch nor its revision; an administrator watching
    /// with `allUsers` sees everyone's, each place with its `owner`, under store-wide revisions.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root to run a client as another uid"))
    func otherUsersChangesAreNotDelivered() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let root = try daemon.connect()
        try root.add(["name": "Root's first", "latitude": 1, "longitude": 1])
        try OtherUser.result(daemon, "places.add", ["name": "Nobody's first", "latitude": 2, "longitude": 2])

        let watcher = try WatchingConnection(daemon)
        let own = try watcher.result("places.watch")
        let admin = try WatchingConnection(daemon)
        let everyone = try admin.result("places.watch", ["allUsers": true])
        #expect(names(own) == ["Root's first"])
        #expect(Set(names(everyone)) == ["Root's first", "Nobody's first"], "\(everyone)")
        #expect(
            (everyone["places"]?.array ?? []).map { $0["owner"]?.int ?? -1 }.sorted() == [0, OtherUser.uid],
            "each place carries its owner: \(everyone)")
        let start = try #require(own["revision"]?.int)
        let storeStart = try #require(everyone["revision"]?.int)

        let rootAdded = try root.add(["name": "Root's second", "latitude": 3, "longitude": 3])
        let nobody = try OtherUser.call(
            daemon,
            [
                ("places.add", ["name": "Nobody's second", "latitude": 4, "longitude": 4]),
                ("places.watch", ["allUsers": true]),
            ])
        let nobodyAdded = try #require(nobody[0]["result"], "\(nobody[0])")
        expectError(nobody[1]["error"] ?? [:], code: -32003, "allUsers is for administrators: \(nobody[1])")
        let nobodyUpdated = try #require(
            try OtherUser.call(daemon, [("places.update", ["id": nobodyAdded["id"] ?? nil, "visited": true])])[0][
                "result"])
        let rootUpdated = try root.result("places.update", ["id": rootAdded["id"] ?? nil, "visited": true])

        let events = try watcher.changes(through: start + 2)
        try ChangeReplay.checkConsecutive(events, after: start)
        #expect(events.map { $0["place"] } == [rootAdded, rootUpdated], "only the caller's places: \(events)")
        #expect(try root.list()["revision"]?.int == start + 2, "another user's changes do not show in the revision")

        let all = try admin.changes(through: storeStart + 4)
        try ChangeReplay.checkConsecutive(all, after: storeStart)
        #expect(
            all.map { $0["place"]?["name"]?.string ?? "?" } == [
                "Root's second", "Nobody's second", "Nobody's second", "Root's second",
            ])
        #expect(all.map { $0["place"]?["owner"]?.int ?? -1 } == [0, OtherUser.uid, OtherUser.uid, 0])
        #expect(all.map { $0["change"]?.string ?? "?" } == ["added", "added", "updated", "updated"])
        var withoutOwner = all[2]["place"]?.object ?? [:]
        withoutOwner["owner"] = nil
        #expect(JSON.object(withoutOwner) == nobodyUpdated, "the admin's view is the owner's plus owner")
        #expect(try watcher.result("server.status")["revision"]?.int == start + 2)
        #expect(watcher.pending.isEmpty, "\(watcher.pending)")
    }

    /// A subscriber that stops reading holds up no one; past its buffer's bound it gets a final `places.overflow`
    /// and no more events, and may watch again for a fresh snapshot.
    @Test func subscriberThatStopsReadingOverflows() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        let other = try daemon.connect()
        let seed = try #require(try writer.add(["name": "Seed", "latitude": 0, "longitude": 0])["id"]?.string)
        let stalled = try WatchingConnection(daemon)
        let snapshot = try stalled.result("places.watch")
        let start = try #require(snapshot["revision"]?.int)

        // 1,200 updates with 9,000-character descriptions, 100 at a time: about 11 MB of events, past the
        // contract's bound (at least 1 MiB or 1,000 events) either way, none of it read.
        let padding = String(repeating: "d", count: 9000)
        for round in 1...12 {
            // Written by hand: the test's JSON writer is slow on megabytes of text in a debug build.
            let requests = (1...100).map { index in
                Request.line(
                    id: "\(round * 1000 + index)", method: "places.update",
                    params: #"{"id":"\#(seed)","description":"\#(round)-\#(index) \#(padding)"}"#)
            }
            // A daemon held up by the subscriber would leave these waiting: the waits are generous, nothing is
            // timed, so a busy machine cannot fail the test.
            try writer.send(requests.joined(), timeout: 60)
            for _ in 1...100 {
                let response = try writer.readResponse(timeout: 60)
                #expect(response["result"] != nil, "\(response)")
            }
            let status = try other.result("server.status", timeout: 60)
            let found = try other.result("places.list", ["query": .string("\(round)-100 ")], timeout: 60)
            #expect(status["revision"]?.int == start + 100 * round && found["total"] == 1, "\(status)")
        }
        let end = try #require(try writer.result("server.status")["revision"]?.int)

        // Draining: places.changed events continuing the snapshot, then places.overflow, then nothing more.
        var delivered: [JSON] = []
        var overflow: JSON?
        while overflow == nil {
            let message = try stalled.nextNotification(timeout: 10)
            switch message["method"]?.string {
            case "places.changed": delivered.append(message["params"] ?? nil)
            case "places.overflow": overflow = message
            default: Issue.record("unexpected notification \(message)")
            }
            if delivered.count > end - start { break }
        }
        #expect(overflow != nil, "a final places.overflow after \(delivered.count) of \(end - start) events")
        #expect(delivered.count < end - start, "the subscription ended before every event was queued")
        try ChangeReplay.checkConsecutive(delivered, after: start)

        try writer.add(["name": "After the overflow", "latitude": 1, "longitude": 1])
        let status = try stalled.result("server.status")
        #expect(status["revision"]?.int == end + 1, "the connection still answers requests")
        #expect(stalled.pending.isEmpty, "no places.changed after places.overflow: \(stalled.pending.prefix(1))")

        let fresh = try stalled.result("places.watch", timeout: 10)
        let list = try writer.list()
        #expect(fresh["revision"] == list["revision"] && fresh["places"] == list["places"], "a fresh snapshot")
        let next = try writer.add(["name": "Watched again", "latitude": 2, "longitude": 2])
        let events = try stalled.changes(through: end + 2)
        #expect(events == [["change": "added", "revision": .number(Double(end + 2)), "place": next]])
    }
}

/// Shared state of the writer threads: a stop flag, the writes granted so far, and counts of writes and finished
/// writers. The writers write only what `grant(_:)` lets them, so that what a test sees does not depend on how fast
/// they write.
final class WriterControl: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let writeCount = Atomic<Int>(0)
    private let finishedCount = Atomic<Int>(0)
    private let grantedCount = Atomic<Int>(0)
    /// One signal per granted write not yet taken, and one more on `stop()` that each writer waiting passes on.
    private let credits = DispatchSemaphore(value: 0)

    /// Creates a control with nothing granted or written yet.
    init() {}

    /// Whether the writers should stop.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Acknowledged writes so far.
    var writes: Int { writeCount.load(ordering: .acquiring) }

    /// Writers that have returned.
    var finished: Int { finishedCount.load(ordering: .acquiring) }

    /// Writes granted so far.
    var granted: Int { grantedCount.load(ordering: .acquiring) }

    /// Lets the writers make `count` more writes, between them.
    func grant(_ count: Int) {
        grantedCount.add(count, ordering: .releasing)
        for _ in 0..<count { credits.signal() }
    }

    /// Called by a writer before each write: whether to make it. Waits until a write is granted (and takes it);
    /// false once the control stops or past `deadline`.
    func mayWrite(before deadline: Deadline) -> Bool {
        guard !isStopped, !deadline.hasPassed else { return false }
        let wait = DispatchTime.now() + .milliseconds(Int(deadline.remainingMilliseconds))
        guard credits.wait(timeout: wait) == .success else { return false }
        if isStopped {
            credits.signal()  // wakes the next writer waiting, which stops too
            return false
        }
        return true
    }

    /// Tells the writers to stop, waking any waiting for a granted write.
    func stop() {
        stopped.store(true, ordering: .releasing)
        credits.signal()
    }

    /// Counts one acknowledged write.
    func wrote() { writeCount.add(1, ordering: .releasing) }

    /// Counts one writer as finished.
    func finish() { finishedCount.add(1, ordering: .releasing) }
}
