import Testing

@testable import PlacesServer

@Suite("placesd backup command line")
struct BackupCommandLineTests {
    private func parse(_ arguments: [String]) throws -> DaemonCommand {
        try DaemonCommandLine.parse(["backup"] + arguments, environment: [:], uid: 1000)
    }

    @Test("--info names the file, --json the output")
    func flags() throws {
        #expect(try parse(["--info", "/tmp/b.sqlite"]) == .backupInfo(BackupInfoCommand(path: "/tmp/b.sqlite")))
        #expect(
            try parse(["--json", "--info=/tmp/b.sqlite"])
                == .backupInfo(BackupInfoCommand(path: "/tmp/b.sqlite", isJSON: true)))
    }

    @Test(
        "A file to inspect, and nothing else",
        arguments: [[], ["--json"], ["--info"], ["--info", ""], ["--info", "a", "b"], ["--info", "a", "--replace"]])
    func usageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try parse(arguments) }
    }

    @Test("--help prints the backup help")
    func help() throws {
        #expect(try parse(["--info", "a", "--help"]) == .backupHelp)
    }
}

@Suite("placesd restore command line")
struct RestoreCommandLineTests {
    private let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    private func parse(_ arguments: [String]) throws -> DaemonCommand {
        try DaemonCommandLine.parse(["restore"] + arguments, environment: environment, uid: 1000)
    }

    @Test("The file, the database, the key and --replace come from the command line")
    func flags() throws {
        guard
            case .restore(let command) = try parse([
                "--database", "/tmp/p.sqlite", "/tmp/b.sqlite", "--key-file=/tmp/k.key", "--replace",
            ])
        else {
            Issue.record("expected a restore command")
            return
        }
        #expect(command.backupPath == "/tmp/b.sqlite")
        #expect(command.isReplacing)
        let configuration = try command.invocation.resolve()
        #expect(configuration.databasePath == "/tmp/p.sqlite")
        #expect(configuration.keyFilePath == "/tmp/k.key")
    }

    @Test("Without --database, the database is the daemon's default")
    func defaultDatabase() throws {
        guard case .restore(let command) = try parse(["b.sqlite"]) else {
            Issue.record("expected a restore command")
            return
        }
        #expect(!command.isReplacing)
        #expect(
            try command.invocation.resolve().databasePath
                == ServerConfiguration(environment: environment, uid: 1000).databasePath)
    }

    @Test(
        "One backup file, and only restore's options",
        arguments: [[], ["a", "b"], [""], ["a", "--socket", "x"], ["a", "--database"], ["a", "--json"]])
    func usageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try parse(arguments) }
    }

    @Test("--help prints the restore help")
    func help() throws {
        #expect(try parse(["a", "--help"]) == .restoreHelp)
    }
}
