import Glibc
import Testing

/// Many simultaneous connections, and `--max-connections`.
@Suite("Connections", .serialized)
struct ConnectionLimitTests {
    /// Raises this process's soft RLIMIT_NOFILE to its hard limit.
    private func raiseFileLimit() {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// 500 clients connected at once each get their server.status answered (all of one uid, so the per-user
    /// limit, 256 by default, is raised).
    @Test func fiveHundredConcurrentConnections() throws {
        raiseFileLimit()
        let daemon = try DaemonProcess.started(arguments: ["--max-connections-per-user", "1024"])
        defer { daemon.shutdown() }
        var clients = try (0..<500).map { _ in try daemon.connect() }
        for client in clients {
            try client.send(Request.line(id: "1", method: "server.status", params: "{}"))
        }
        var answered = 0
        var lastConnections: JSON?
        for client in clients {
            let response = try client.readResponse()
            if response["id"] == 1, let result = response["result"] {
                answered += 1
                lastConnections = result["connections"]
            }
        }
        #expect(answered == 500)
        let status = try clients[499].result("server.status")
        #expect(status["connections"] == 500, "all 500 open at once: \(status), earlier \(lastConnections ?? nil)")
        let openWithClients = try #require(daemon.openFileCount())
        #expect(openWithClients >= 500)

        clients.removeAll()
        let observer = try daemon.connect()
        let drained = Deadline.wait(seconds: 60) { (try? observer.result("server.status")["connections"]) == 1 }
        #expect(drained, "closed connections are forgotten: \((try? observer.result("server.status")) ?? nil)")
        let released = Deadline.wait(seconds: 60) { (daemon.openFileCount() ?? .max) < openWithClients - 490 }
        #expect(released, "descriptors released: \(daemon.openFileCount() ?? -1) open, \(openWithClients) before")
    }

    /// Beyond --max-connections a new connection gets one -32006 line with id null and is closed; a freed slot
    /// can be used again.
    @Test func connectionLimit() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-connections", "10"])
        defer { daemon.shutdown() }
        var clients = try (0..<10).map { _ in try daemon.connect() }
        for client in clients {
            #expect(try client.result("server.status")["protocol"] == 1)
        }
        let eleventh = try daemon.connect()
        let line = try eleventh.readLine(timeout: 60)
        let response = try JSON(parsing: line)
        try Reply.checkEnvelope(response, line: line)
        #expect(Reply.code(response) == -32006, "\(response)")
        #expect(response["id"] == .null)
        #expect(eleventh.closesWithin(timeout: 60), "the extra connection is closed")

        for client in clients {
            #expect(try client.result("server.status")["connections"] == 10, "the first ten still work")
        }

        clients.removeLast()
        // The daemon may notice the closed connection a moment later; until then new ones are turned away.
        #expect(daemon.admittedConnection(within: 60) != nil, "a closed connection frees its slot")
    }
}
