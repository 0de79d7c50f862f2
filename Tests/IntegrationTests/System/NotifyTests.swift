import Glibc
import Testing

/// The sd_notify protocol, through a test-owned NOTIFY_SOCKET.
@Suite("sd_notify")
struct NotifyTests {
    /// READY=1 comes only once the socket accepts connections; STATUS= summarises; SIGTERM brings STOPPING=1.
    @Test func readinessStatusAndStopping() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        try daemon.spawn()
        let ready = daemon.notify.wait(timeout: 10, stillWaiting: { daemon.isRunning }) { $0 == "READY=1" }
        try #require(ready != nil, "no READY=1\(daemon.logTail)")
        // Right after READY=1, with no retry: the socket must already accept connections.
        let client = try RawConnection(path: daemon.socketPath)
        #expect(try client.result("server.status")["protocol"] == 1)

        let status = daemon.notify.wait(timeout: 60) { $0.hasPrefix("STATUS=") && $0.count > "STATUS=".count }
        #expect(status != nil, "a STATUS= summary arrives: \(daemon.notify.messages)")
        #expect(status?.contains("places") == true, "\(status ?? "none")")
        #expect(!daemon.notify.messages.contains("STOPPING=1"))

        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        #expect(daemon.notify.wait(timeout: 30) { $0 == "STOPPING=1" } != nil, "\(daemon.notify.messages)")
        let readyIndex = daemon.notify.messages.firstIndex(of: "READY=1") ?? .max
        let stoppingIndex = daemon.notify.messages.firstIndex(of: "STOPPING=1") ?? -1
        #expect(readyIndex < stoppingIndex)
        #expect(!TemporaryDirectory.exists(daemon.socketPath), "the socket file is removed")
    }

    /// SIGINT stops the daemon the same way as SIGTERM.
    @Test func sigintStopsCleanly() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        try daemon.connect().add(["latitude": 1, "longitude": 2])
        kill(try #require(daemon.pid), SIGINT)
        #expect(try daemon.waitForExit() == .exited(0), "\(daemon.logTail)")
        #expect(daemon.notify.wait(from: daemon.firstMessageOfRun, timeout: 30) { $0 == "STOPPING=1" } != nil)
        try daemon.start()
        #expect(try daemon.connect().list()["total"] == 1)
    }

    /// Without JOURNAL_STREAM, log lines on stderr carry no "<N>" syslog prefix; debug logging says something.
    @Test func plainLogLinesWithoutJournal() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.add(["latitude": 1, "longitude": 2])
        _ = try client.error("places.frobnicate")
        #expect(try daemon.stop() == .exited(0))
        let lines = daemon.log.split(separator: "\n")
        #expect(!lines.isEmpty, "--log-level debug logs something")
        let prefixed = lines.filter { $0.wholeMatch(of: #/<\d>.*/#) != nil }
        #expect(prefixed.isEmpty, "\(prefixed.prefix(3))")
    }
}
