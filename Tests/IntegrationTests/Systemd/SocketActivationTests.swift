import Glibc
import Testing

/// placesd started by `systemd-socket-activate`, which passes the listening socket as descriptor 3.
@Suite("socket activation")
struct SocketActivationTests {
    /// The first connection starts the daemon, which serves on the passed socket (ignoring --socket), reports
    /// READY=1, and leaves the socket file alone when it stops.
    @Test func firstConnectionStartsTheDaemon() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let socketPath = directory.file("activated.sock")
        let ignoredPath = directory.file("ignored.sock")
        let databasePath = directory.file("places.sqlite")
        let child = try ManagedProcess(in: directory, name: "activate")
        defer { child.shutdown() }
        try child.start(
            try ServiceEnvironment.socketActivate(),
            [
                "-l", socketPath, "--fdname=placesd", "-E", "NOTIFY_SOCKET", try Binaries.placesd(),
                "--database", databasePath, "--socket", ignoredPath, "--log-level", "debug",
            ],
            environment: ServiceEnvironment.base(in: directory))
        // systemd-socket-activate says so once the socket listens.
        try #require(child.waitForLog("Listening on", timeout: 10), "\(child.logTail)")
        let pid = try #require(child.pid)

        #expect(child.notify.count(of: "READY=1") == 0, "nothing runs before a connection\(child.logTail)")
        #expect(!child.log.contains("Serving"), "\(child.logTail)")
        #expect(!TemporaryDirectory.exists(databasePath), "the daemon has not opened its database yet")

        let client = try RawConnection(path: socketPath)
        let added = try client.add(["name": "Activated", "latitude": 1, "longitude": 2])
        #expect(added["name"] == "Activated")
        try child.waitForReady()

        #expect(child.log.contains("on the socket passed by systemd"), "\(child.logTail)")
        #expect(
            ProcessState.executable(of: pid)?.hasSuffix("/placesd") == true,
            "systemd-socket-activate execs placesd in its own process: \(ProcessState.executable(of: pid) ?? "?")")
        #expect(!TemporaryDirectory.exists(ignoredPath), "--socket is ignored with a passed socket")
        #expect(TemporaryDirectory.exists(databasePath))
        #expect(try Admission.expectServed(socketPath).list()["total"] == 1, "a second client shares the socket")

        #expect(try child.stop() == .exited(0), "\(child.logTail)")
        #expect(child.notify.count(of: "STOPPING=1") == 1, "\(child.notify.messages)")
        var info = stat()
        #expect(lstat(socketPath, &info) == 0, "the socket file systemd made survives the daemon")
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
    }

    /// Without socket activation (no LISTEN_FDS, or LISTEN_PID naming another process) the daemon binds
    /// --socket itself, says so, and removes the file when it stops.
    @Test(arguments: [false, true])
    func bindsItsOwnSocketOtherwise(staleListenVariables: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let socketPath = directory.file("own.sock")
        var environment = ServiceEnvironment.base(in: directory)
        if staleListenVariables {
            environment["LISTEN_FDS"] = "1"
            environment["LISTEN_PID"] = "1"
            environment["LISTEN_FDNAMES"] = "placesd"
        }
        let child = try ManagedProcess(in: directory, name: "placesd")
        defer { child.shutdown() }
        try child.start(
            try Binaries.placesd(), ["--socket", socketPath, "--database", directory.file("places.sqlite")],
            environment: environment)
        try child.waitForReady()
        #expect(child.log.contains("on '\(socketPath)'"), "\(child.logTail)")
        #expect(!child.log.contains("passed by systemd"), "\(child.logTail)")
        _ = try Admission.expectServed(socketPath)
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
        #expect(!TemporaryDirectory.exists(socketPath), "the daemon removes the socket it created")
    }
}
