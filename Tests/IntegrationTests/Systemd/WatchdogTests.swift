import Glibc
import Testing

/// systemd's watchdog: WATCHDOG=1 on NOTIFY_SOCKET at half of WATCHDOG_USEC, only when WATCHDOG_PID is the daemon.
@Suite("watchdog")
struct WatchdogTests {
    /// 400 ms, so pings are due every 200 ms.
    static let intervalMicroseconds = "400000"

    /// Starts placesd through `sh`, which exports its own pid (the daemon's, after `exec`) as WATCHDOG_PID.
    static func startWatched(in directory: TemporaryDirectory) throws -> ManagedProcess {
        let child = try ManagedProcess(in: directory, name: "watched")
        var environment = ServiceEnvironment.base(in: directory)
        environment["WATCHDOG_USEC"] = intervalMicroseconds
        try child.start(
            "/bin/sh",
            [
                "-c", "export WATCHDOG_PID=$$; exec \"$0\" \"$@\"", try Binaries.placesd(),
                "--socket", directory.file("s.sock"), "--database", directory.file("places.sqlite"),
            ],
            environment: environment)
        return child
    }

    /// With WATCHDOG_PID equal to its pid, the daemon pings repeatedly, and no faster than every 200 ms.
    @Test func pingsWhenTheWatchdogIsForThisProcess() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try Self.startWatched(in: directory)
        defer { child.shutdown() }
        let ready = try child.waitForReady()
        let start = ContinuousClock.now
        let count = child.notify.waitForCount(of: "WATCHDOG=1", from: ready, atLeast: 3, timeout: 30)
        let elapsed = ContinuousClock.now - start
        #expect(count >= 3, "\(count) WATCHDOG=1 within \(elapsed)\(child.logTail)")
        // One right away, then one per 200 ms at most.
        let allowed = Int(elapsed / .milliseconds(200)) + 2
        #expect(count <= allowed, "\(count) pings in \(elapsed): more than every 200 ms")
        #expect(child.log.contains("Watchdog: pinging systemd every 200 ms"), "\(child.logTail)")
        _ = try Admission.expectServed(directory.file("s.sock"))
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }

    /// With WATCHDOG_PID naming another process, no WATCHDOG=1 is sent, while other notifications still are.
    @Test func silentWhenTheWatchdogIsForAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ManagedProcess(in: directory, name: "unwatched")
        defer { child.shutdown() }
        var environment = ServiceEnvironment.base(in: directory)
        environment["WATCHDOG_USEC"] = Self.intervalMicroseconds
        environment["WATCHDOG_PID"] = "\(getpid())"
        try child.start(
            try Binaries.placesd(),
            ["--socket", directory.file("s.sock"), "--database", directory.file("places.sqlite")],
            environment: environment)
        let ready = try child.waitForReady()
        #expect(child.notify.messages.contains { $0.hasPrefix("STATUS=") }, "\(child.notify.messages)")
        // A reload produces notifications inside the observed second.
        try child.signal(SIGHUP)
        let ping = child.notify.wait(from: 0, timeout: 1) { $0 == "WATCHDOG=1" }
        #expect(ping == nil, "\(child.notify.messages)")
        let reloading = child.waitForNotification(from: ready, timeout: 60) { $0 == "RELOADING=1" }
        #expect(reloading != nil, "RELOADING=1 still arrives\(child.logTail)")
        #expect(child.waitForNotification(from: (reloading ?? ready) + 1, timeout: 60) { $0 == "READY=1" } != nil)
        #expect(child.notify.count(of: "WATCHDOG=1") == 0, "\(child.notify.messages)")
        #expect(!child.log.contains("Watchdog"), "\(child.logTail)")
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }

    /// A stopped daemon (SIGSTOP) sends no WATCHDOG=1; after SIGCONT the pings resume and it still serves.
    @Test func stoppedProcessDoesNotPing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try Self.startWatched(in: directory)
        defer { child.shutdown() }
        let ready = try child.waitForReady()
        #expect(child.notify.waitForCount(of: "WATCHDOG=1", from: ready, atLeast: 2, timeout: 30) >= 2)
        let pid = try #require(child.pid)

        try child.signal(SIGSTOP)
        try #require(ProcessState.waitUntilStopped(pid, timeout: 60), "state \(ProcessState.letter(of: pid) ?? "?")")
        // A stopped process sends nothing more: whatever it sent before is already queued, and counted now.
        child.notify.drain()
        let stoppedAt = child.notify.messages.count
        let ping = child.notify.wait(from: stoppedAt, timeout: 1) { $0 == "WATCHDOG=1" }
        #expect(ping == nil, "no ping while stopped: \(child.notify.messages[stoppedAt...])")

        try child.signal(SIGCONT)
        let resumed = child.notify.waitForCount(of: "WATCHDOG=1", from: stoppedAt, atLeast: 2, timeout: 30)
        #expect(resumed >= 2, "pings resume after SIGCONT\(child.logTail)")
        _ = try Admission.expectServed(directory.file("s.sock"))
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }
}
