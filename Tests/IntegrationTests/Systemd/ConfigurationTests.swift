import Testing

/// The configuration file: --check-config, exit status 78 for errors, flags winning over the file.
@Suite("configuration file")
struct ConfigurationTests {
    /// A configuration that must be refused, and what the message must say.
    struct BadConfiguration: Sendable, CustomStringConvertible {
        /// The file's lines, nil for a file that does not exist.
        let lines: [String]?
        /// Text the message on stderr must contain.
        let message: String

        /// The lines, or "missing file", for test names.
        var description: String { lines.map { "\($0)" } ?? "missing file" }
    }

    /// Files that must be refused; the last one does not exist.
    static let badConfigurations: [BadConfiguration] = [
        BadConfiguration(lines: ["log-level = info", "sokcet = /tmp/x.sock"], message: "line 2: unknown key"),
        BadConfiguration(lines: ["max-connections = 0"], message: "line 1: 'max-connections'"),
        BadConfiguration(lines: ["# fine", "", "bogus"], message: "line 3: expected 'key = value'"),
        BadConfiguration(lines: ["log-level = chatty"], message: "line 1: 'log-level'"),
        BadConfiguration(lines: nil, message: "No such file"),
    ]

    /// --check-config with a good file exits 0 and prints every resolved setting, touching nothing.
    @Test func checkConfigPrintsResolvedSettings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("good.conf")
        let socketPath = directory.file("s.sock")
        let databasePath = directory.file("places.sqlite")
        try ServiceEnvironment.writeConfiguration(
            [
                "# a comment", "; another", "", "socket = \(socketPath)", "database = \"\(databasePath)\"",
                "max-connections = 200", "  log-level\t=  debug  ", "socket-mode = 660",
            ], to: path)
        let run = try Subprocess.run(
            try Binaries.placesd(), ["--check-config", "--config", path], in: directory,
            environment: ServiceEnvironment.base(in: directory))
        #expect(run.status == .exited(0), "\(run.summary)")
        for line in [
            "Configuration '\(path)' is valid.", "socket = \(socketPath)", "database = \(databasePath)",
            "socket-mode = 0660", "max-connections = 200", "max-line-bytes = 1048576", "max-places = 1000000",
            "admin-group = placesd-admin", "log-level = debug",
        ] {
            #expect(run.stdout.split(separator: "\n").contains { $0 == line }, "prints '\(line)': \(run.summary)")
        }
        #expect(!TemporaryDirectory.exists(socketPath) && !TemporaryDirectory.exists(databasePath))

        let overridden = try Subprocess.run(
            try Binaries.placesd(), ["--check-config", "--config", path, "--max-connections", "1"], in: directory,
            environment: ServiceEnvironment.base(in: directory))
        #expect(overridden.status == .exited(0), "\(overridden.summary)")
        #expect(overridden.stdout.contains("max-connections = 1\n"), "flags win: \(overridden.summary)")
    }

    /// --check-config with a bad or missing file exits 78 and says which line is wrong.
    @Test(arguments: badConfigurations)
    func checkConfigRejects(_ bad: BadConfiguration) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = bad.lines == nil ? "/nonexistent/placesd.conf" : directory.file("bad.conf")
        if let lines = bad.lines { try ServiceEnvironment.writeConfiguration(lines, to: path) }
        let run = try Subprocess.run(
            try Binaries.placesd(), ["--check-config", "--config", path], in: directory,
            environment: ServiceEnvironment.base(in: directory))
        #expect(run.status == .exited(78), "\(run.summary)")
        #expect(run.stderr.contains(bad.message), "\(run.summary)")
        #expect(run.stderr.contains(path), "the message names the file: \(run.summary)")
    }

    /// Starting with a bad or missing file exits 78 without READY=1, a socket or a database.
    @Test(arguments: badConfigurations)
    func startRefusesBadConfiguration(_ bad: BadConfiguration) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = bad.lines == nil ? "/nonexistent" : directory.file("bad.conf")
        if let lines = bad.lines { try ServiceEnvironment.writeConfiguration(lines, to: path) }
        let socketPath = directory.file("s.sock")
        let databasePath = directory.file("places.sqlite")
        let child = try ManagedProcess(in: directory, name: "refused")
        defer { child.shutdown() }
        try child.start(
            try Binaries.placesd(), ["--config", path, "--socket", socketPath, "--database", databasePath],
            environment: ServiceEnvironment.base(in: directory))
        #expect(try child.waitForExit() == .exited(78), "\(child.logTail)")
        #expect(child.log.contains(bad.message), "\(child.logTail)")
        #expect(child.notify.count(of: "READY=1") == 0, "\(child.notify.messages)")
        #expect(!TemporaryDirectory.exists(socketPath) && !TemporaryDirectory.exists(databasePath))
    }

    /// A flag wins over the file: max-connections = 200 in the file, --max-connections 1 on the command line.
    @Test func flagsWinOverTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("placesd.conf")
        let socketPath = directory.file("s.sock")
        try ServiceEnvironment.writeConfiguration(["max-connections = 200", "log-level = debug"], to: path)
        let child = try ManagedProcess(in: directory, name: "flags")
        defer { child.shutdown() }
        try child.start(
            try Binaries.placesd(),
            [
                "--config", path, "--socket", socketPath, "--database", directory.file("places.sqlite"),
                "--max-connections", "1",
            ],
            environment: ServiceEnvironment.base(in: directory))
        try child.waitForReady()
        let first = try Admission.expectServed(socketPath)
        try Admission.expectRefused(socketPath, "the flag's limit of 1 applies\(child.logTail)")
        #expect(child.log.contains("debug: "), "the file's other settings still apply\(child.logTail)")
        _ = first
        #expect(try child.stop() == .exited(0), "\(child.logTail)")
    }
}
