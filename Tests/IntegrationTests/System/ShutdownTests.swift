import Glibc
import Testing

/// Graceful shutdown does not wait for clients that have nothing more to say.
@Suite("Shutdown")
struct ShutdownTests {
    /// With an idle client, a client stalled mid-line and one that never reads, SIGTERM still exits 0 without
    /// waiting for them (past its five seconds' grace for writing replies), and the idle client sees its
    /// connection end.
    @Test func sigtermWithLingeringClients() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let idle = try daemon.connect()
        #expect(try idle.result("server.status")["protocol"] == 1)
        let staller = try daemon.connect()
        try staller.send(#"{"jsonrpc":"2.0","id":1,"meth"#)
        let writer = try daemon.connect()
        for _ in 0..<50 {
            try writer.add(["description": .string(String(repeating: "s", count: 5000)), "latitude": 1, "longitude": 2])
        }
        let sink = try daemon.connect()
        let list = Array(Request.line(id: "1", method: "places.list", params: "{}").utf8)
        var flood: [UInt8] = []
        for _ in 0..<500 { flood += list }
        _ = sink.sendWithoutReading(flood, timeout: 0.5)

        // A daemon waiting for the lingering clients would never exit; the bound only has to tell that apart.
        #expect(try daemon.stop(timeout: 60) == .exited(0), "\(daemon.logTail)")
        #expect(idle.closesWithin(timeout: 10), "idle clients are disconnected")
        #expect(!TemporaryDirectory.exists(daemon.socketPath))
        _ = staller
    }

    /// After SIGTERM, the socket no longer accepts connections.
    @Test func noConnectionsAfterExit() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        #expect(try daemon.stop() == .exited(0))
        #expect(throws: (any Error).self) { try RawConnection(path: daemon.socketPath) }
    }
}
