import Glibc
import Testing

/// SIGHUP rereads the configuration file: RELOADING=1 with MONOTONIC_USEC=, then READY=1.
@Suite("reload")
struct ReloadTests {
    /// A daemon whose socket and database come from its configuration file, so nothing on the command line
    /// overrides what a reload reads.
    struct Configured {
        /// The test's directory.
        let directory: TemporaryDirectory
        /// The running daemon.
        let child: ManagedProcess
        /// The file `--config` names.
        let configurationPath: String
        /// The socket the file names.
        let socketPath: String
        /// The `socket =` and `database =` lines every version of the file ends with.
        let pathLines: [String]

        /// Writes the file with `settings` and starts the daemon on it (without waiting for READY=1).
        init(_ directory: TemporaryDirectory, settings: [String]) throws {
            self.directory = directory
            configurationPath = directory.file("placesd.conf")
            socketPath = directory.file("s.sock")
            pathLines = ["socket = \(socketPath)", "database = \(directory.file("places.sqlite"))"]
            child = try ManagedProcess(in: directory, name: "reloaded")
            try write(settings)
            try child.start(
                try Binaries.placesd(), ["--config", configurationPath],
                environment: ServiceEnvironment.base(in: directory))
        }

        /// Replaces the file with `settings` and the path lines.
        func write(_ settings: [String]) throws {
            try ServiceEnvironment.writeConfiguration(
                ["# placesd test configuration"] + settings + pathLines,
                to: configurationPath)
        }

        /// Sends SIGHUP and waits for RELOADING=1 (checking MONOTONIC_USEC=) and the READY=1 after it; returns
        /// the index of that READY=1.
        @discardableResult
        func reload(after start: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
            let before = ServiceEnvironment.monotonicMicroseconds()
            try child.signal(SIGHUP)
            let reloading = try #require(
                child.waitForNotification(from: start + 1, timeout: 10) { $0 == "RELOADING=1" },
                "no RELOADING=1\(child.logTail)", sourceLocation: sourceLocation)
            let after = ServiceEnvironment.monotonicMicroseconds()
            let stamp = child.notify.messages[(reloading + 1)...].first { $0.hasPrefix("MONOTONIC_USEC=") }
            let value = stamp.flatMap { UInt64($0.dropFirst("MONOTONIC_USEC=".count)) }
            #expect(
                value.map { (before...after).contains($0) } == true,
                "MONOTONIC_USEC= \(stamp ?? "missing") is not between \(before) and \(after)",
                sourceLocation: sourceLocation)
            return try child.waitForReady(from: reloading + 1)
        }
    }

    /// A reload applies log-level and max-connections; a broken file is reported with its path and line,
    /// READY=1 still follows, and the previous settings stay.
    @Test func appliesNewSettingsAndKeepsThemOnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let daemon = try Configured(directory, settings: ["log-level = info"])
        let child = daemon.child
        defer { child.shutdown() }
        var ready = try child.waitForReady()
        let first = try Admission.expectServed(daemon.socketPath)
        #expect(!child.log.contains("connected"), "no debug lines at info\(child.logTail)")

        try daemon.write(["log-level = debug", "max-connections = 2"])
        ready = try daemon.reload(after: ready)
        #expect(child.log.contains("Configuration reloaded."), "\(child.logTail)")
        let second = try Admission.expectServed(daemon.socketPath)
        #expect(
            child.log.contains(/debug: Client uid \d+ connected/), "debug lines after the reload\(child.logTail)")
        try Admission.expectRefused(daemon.socketPath, "a third connection with max-connections = 2")

        try daemon.write(["log-level = debug", "max-connections = 2", "bogus"])
        ready = try daemon.reload(after: ready)
        #expect(child.log.contains("Failed to reload"), "\(child.logTail)")
        #expect(
            child.log.contains("'\(daemon.configurationPath)', line 4"),
            "the message names the file and the line of 'bogus'\(child.logTail)")
        try Admission.expectRefused(daemon.socketPath, "still at most 2 connections after the failed reload")
        #expect(try first.result("server.status")["connections"] == 2)
        #expect(try second.add(["latitude": 1, "longitude": 2])["version"] == 1, "still serving")
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }

    /// Settings that need a restart are reported as such on reload and keep their running value.
    @Test(arguments: ["socket", "database", "socket-mode"])
    func restartOnlySettingIsReported(key: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let daemon = try Configured(directory, settings: [])
        let child = daemon.child
        defer { child.shutdown() }
        let ready = try child.waitForReady()
        let otherSocket = directory.file("other.sock")
        let otherDatabase = directory.file("other.sqlite")
        let changed: [String] =
            switch key {
            case "socket": ["socket = \(otherSocket)", "database = \(directory.file("places.sqlite"))"]
            case "database": ["socket = \(daemon.socketPath)", "database = \(otherDatabase)"]
            default: daemon.pathLines + ["socket-mode = 0666"]
            }
        try ServiceEnvironment.writeConfiguration(changed, to: daemon.configurationPath)
        try daemon.reload(after: ready)
        #expect(
            child.log.contains("The new '\(key)' takes effect only after a restart."), "\(child.logTail)")
        #expect(!child.log.contains("Failed to reload"), "\(child.logTail)")
        _ = try Admission.expectServed(daemon.socketPath, "still on the old socket")
        #expect(!TemporaryDirectory.exists(otherSocket))
        #expect(!TemporaryDirectory.exists(otherDatabase))
        var info = stat()
        #expect(lstat(daemon.socketPath, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode unchanged")
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }
}
