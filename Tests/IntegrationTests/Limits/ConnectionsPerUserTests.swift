import Testing

/// `--max-connections-per-user`: one uid beyond its limit is turned away; other uids are not.
@Suite("Connections per user", .serialized)
struct ConnectionsPerUserTests {
    /// With a limit of 3, root's 4th connection gets one -32006 line with id null naming the per-user limit and
    /// is closed; root's first three still work, another uid still connects, and a closed connection frees a slot.
    @Test func theExtraConnectionOfOneUserIsRefused() throws {
        let daemon = try DaemonProcess(arguments: ["--max-connections-per-user", "3", "--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        var clients = try (0..<3).map { _ in try daemon.connect() }
        for client in clients {
            #expect(try client.result("server.status")["protocol"] == 1)
        }

        let fourth = try daemon.connect()
        let line = try fourth.readLine(timeout: 60)
        let response = try JSON(parsing: line)
        try Reply.checkEnvelope(response, line: line)
        #expect(Reply.code(response) == -32006, "\(response)")
        #expect(response["id"] == .null)
        let message = response["error"]?["message"]?.string ?? ""
        #expect(message.contains("per-user limit is 3"), "\(message)")
        #expect(fourth.closesWithin(timeout: 60), "the extra connection is closed")

        for client in clients {
            #expect(try client.result("server.status")["connections"] == 3, "the first three still work")
        }
        if OtherUser.isAvailable {
            let status = try OtherUser.result(daemon, "server.status", [:])
            #expect(status["connections"] == 4, "another uid connects while root is at its limit: \(status)")
        }
        #expect(daemon.log.contains("the per-user limit"), "the refusal is logged\(daemon.logTail)")

        clients.removeLast()
        // The daemon may notice the closed connection a moment later; until then new ones are turned away.
        #expect(daemon.admittedConnection(within: 60) != nil, "a closed connection frees its slot")
    }

    /// The per-user limit counts connections across all of the daemon's event loops (one per core but one, so
    /// several only with three cores or more; the shared count itself is raced from eight threads in
    /// `ConnectionLimitsTests`): 40 connections opened at once with a limit of 25 leave exactly 25 served.
    @Test func theCountIsSharedByEveryEventLoop() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-connections-per-user", "25"])
        defer { daemon.shutdown() }
        let clients = try (0..<40).map { _ in try daemon.connect() }
        var served = 0
        var refused = 0
        for client in clients {
            guard (try? client.send(Request.line(id: "1", method: "server.status", params: "{}"))) != nil else {
                refused += 1
                continue
            }
            guard let response = try? client.readResponse(timeout: 60) else {
                refused += 1
                continue
            }
            if response["result"] != nil {
                served += 1
            } else {
                #expect(Reply.code(response) == -32006 && response["id"] == .null, "\(response)")
                refused += 1
            }
        }
        #expect(served == 25 && refused == 15, "\(served) served, \(refused) refused")
    }
}
