import Testing

/// `--max-subscriber-buffer`: the bound past which a subscriber that does not read loses its subscription.
@Suite("Subscriber buffer")
struct SubscriberBufferTests {
    /// With a 1 MiB bound, a subscriber that never reads gets `places.overflow` naming 1048576 bytes well before
    /// the 4 MiB default would end it, while a subscriber that keeps reading gets every event and the writer is
    /// answered throughout.
    @Test func theConfiguredBoundEndsAStalledSubscription() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-subscriber-buffer", "1048576"])
        defer { daemon.shutdown() }
        let writer = try daemon.connect()
        let seed = try #require(try writer.add(["name": "Seed", "latitude": 0, "longitude": 0])["id"]?.string)
        let stalled = try WatchingConnection(daemon)
        let reading = try WatchingConnection(daemon)
        let start = try #require(try stalled.result("places.watch")["revision"]?.int)
        #expect(try reading.result("places.watch")["revision"]?.int == start)

        // 8 rounds of 50 updates with 9,000-character descriptions: about 3.7 MB of events, under the default
        // 4 MiB bound but well past 1 MiB. The reading subscriber drains after each round (about 470 KB).
        let padding = String(repeating: "d", count: 9000)
        var revision = start
        for round in 1...8 {
            let requests = (1...50).map { index in
                Request.line(
                    id: "\(round * 100 + index)", method: "places.update",
                    params: #"{"id":"\#(seed)","description":"\#(round)-\#(index) \#(padding)"}"#)
            }
            try writer.send(requests.joined())
            for _ in 1...50 { #expect(try writer.readResponse()["result"] != nil) }
            revision += 50
            let events = try reading.changes(through: revision)
            #expect(events.count == 50, "round \(round): the reading subscriber gets every event")
        }

        var delivered = 0
        var overflow: JSON?
        while overflow == nil && delivered <= revision - start {
            let message = try stalled.nextNotification(timeout: 10)
            switch message["method"]?.string {
            case "places.changed": delivered += 1
            case "places.overflow": overflow = message
            default: Issue.record("unexpected notification \(message)")
            }
        }
        let reason = overflow?["params"]?["reason"]?.string ?? ""
        #expect(reason.contains("More than 1048576 bytes"), "\(overflow ?? nil)")
        #expect(delivered < revision - start, "ended after \(delivered) of \(revision - start) events")
        #expect(try stalled.result("server.status")["revision"]?.int == revision, "the connection stays usable")
        #expect(reading.pending.isEmpty, "no overflow for the subscriber that reads: \(reading.pending.prefix(1))")
    }

    /// Less than the contract's 1 MiB is refused at start with a usage error naming the option.
    @Test func lessThanOneMebibyteIsRefused() throws {
        let daemon = try DaemonProcess(arguments: ["--max-subscriber-buffer", "65536"])
        defer { daemon.shutdown() }
        try daemon.spawn()
        #expect(try daemon.waitForExit() == .exited(64))
        #expect(
            daemon.log.contains("'--max-subscriber-buffer' must be a whole number of at least 1048576"),
            "\(daemon.logTail)")
    }
}
