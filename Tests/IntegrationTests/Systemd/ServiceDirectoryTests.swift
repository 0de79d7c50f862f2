import Glibc
import Testing

/// The directories systemd hands a service: RUNTIME_DIRECTORY, STATE_DIRECTORY and CONFIGURATION_DIRECTORY.
@Suite("service directories")
struct ServiceDirectoryTests {
    /// Without --socket and --database the socket goes in $RUNTIME_DIRECTORY and the database in
    /// $STATE_DIRECTORY (the first of several colon-separated entries).
    @Test(arguments: [false, true])
    func runtimeAndStateDirectories(colonSeparated: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runtime = directory.file("run")
        let state = directory.file("state")
        var environment = ServiceEnvironment.base(in: directory)
        environment["RUNTIME_DIRECTORY"] = runtime + (colonSeparated ? ":" + directory.file("run2") : "")
        environment["STATE_DIRECTORY"] = state + (colonSeparated ? ":" + directory.file("state2") : "")
        let child = try ManagedProcess(in: directory, name: "directories")
        defer { child.shutdown() }
        try child.start(try Binaries.placesd(), [], environment: environment)
        try child.waitForReady()
        let socketPath = runtime + "/placesd.sock"
        let client = try Admission.expectServed(socketPath, child.logTail)
        try client.add(["latitude": 1, "longitude": 2])
        let status = try client.result("server.status")
        #expect(status["database"] == .string(state + "/places.sqlite"), "\(status)")
        #expect(TemporaryDirectory.exists(state + "/places.sqlite"))
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
        #expect(!TemporaryDirectory.exists(socketPath), "the daemon removes the socket it created")
    }

    /// $CONFIGURATION_DIRECTORY/placesd.conf is read when present, without --config.
    @Test func configurationDirectoryFileIsRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configurationDirectory = directory.file("conf")
        try #require(mkdir(configurationDirectory, 0o700) == 0)
        let configurationPath = configurationDirectory + "/placesd.conf"
        let socketPath = directory.file("s.sock")
        try ServiceEnvironment.writeConfiguration(
            ["max-connections = 1", "socket = \(socketPath)", "database = \(directory.file("places.sqlite"))"],
            to: configurationPath)
        var environment = ServiceEnvironment.base(in: directory)
        environment["CONFIGURATION_DIRECTORY"] = configurationDirectory

        let check = try Subprocess.run(
            try Binaries.placesd(), ["--check-config"], in: directory, environment: environment)
        #expect(check.status == .exited(0), "\(check.summary)")
        #expect(check.stdout.contains("Configuration '\(configurationPath)' is valid."), "\(check.summary)")
        #expect(check.stdout.contains("max-connections = 1\n"), "\(check.summary)")

        let child = try ManagedProcess(in: directory, name: "configured")
        defer { child.shutdown() }
        try child.start(try Binaries.placesd(), [], environment: environment)
        try child.waitForReady()
        let first = try Admission.expectServed(socketPath, child.logTail)
        try Admission.expectRefused(socketPath, "max-connections = 1 from the file")
        _ = first
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }
}
