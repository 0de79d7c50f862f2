import PlacesServer
import Testing

@Suite("placesd command line")
struct DaemonCommandLineTests {
    private let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    private func configuration(_ arguments: [String]) throws -> ServerConfiguration {
        guard
            case .serve(let invocation) = try DaemonCommandLine.parse(
                arguments, environment: environment, uid: 1000)
        else {
            Issue.record("expected a configuration for \(arguments)")
            return ServerConfiguration(environment: environment, uid: 1000)
        }
        return try invocation.resolve()
    }

    @Test("Defaults follow the user paths")
    func defaults() throws {
        let configuration = try configuration([])
        #expect(configuration.socketPath == "/run/user/1000/placesd.sock")
        #expect(configuration.databasePath == "/home/ada/.local/state/placesd/places.sqlite")
        #expect(configuration.socketMode == 0o600)
        #expect(configuration.maximumConnections == 1024)
        #expect(configuration.maximumLineBytes == 1_048_576)
    }

    @Test("Every flag, in both spellings")
    func flags() throws {
        let configuration = try configuration([
            "--socket", "/tmp/s.sock", "--database=/tmp/p.sqlite", "--socket-mode", "0666",
            "--max-connections", "10", "--max-line-bytes=2048", "--max-places", "5", "--log-level", "debug",
            "--admin-group", "wheel",
        ])
        #expect(configuration.socketPath == "/tmp/s.sock")
        #expect(configuration.databasePath == "/tmp/p.sqlite")
        #expect(configuration.socketMode == 0o666)
        #expect(configuration.maximumConnections == 10)
        #expect(configuration.maximumLineBytes == 2048)
        #expect(configuration.maximumPlacesPerUser == 5)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.adminGroup == "wheel")
    }

    @Test("Help and version")
    func helpAndVersion() throws {
        #expect(try DaemonCommandLine.parse(["--help"], environment: [:], uid: 0) == .help)
        #expect(try DaemonCommandLine.parse(["-h"], environment: [:], uid: 0) == .help)
        #expect(try DaemonCommandLine.parse(["--version"], environment: [:], uid: 0) == .version)
    }

    @Test(
        "Usage errors name the option",
        arguments: [
            (["--socket"], "Option '--socket' needs a value."),
            (
                ["--socket-mode", "999"],
                "Option '--socket-mode' must be octal permission bits such as 0600, not '999'."
            ),
            (["--max-connections", "0"], "Option '--max-connections' must be a positive whole number, not '0'."),
            (["--max-line-bytes", "lots"], "Option '--max-line-bytes' must be a positive whole number, not 'lots'."),
            (
                ["--log-level", "loud"],
                "Option '--log-level' must be one of error, warning, notice, info, debug, not 'loud'."
            ),
            (["--frobnicate"], "Unknown option '--frobnicate'."),
            (["--database="], "Option '--database' must not be empty."),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try DaemonCommandLine.parse(arguments, environment: [:], uid: 1000)
        }
    }

    @Test("The help text names every option the parser knows")
    func helpMentionsOptions() {
        for option in [
            "--socket", "--database", "--socket-mode", "--max-connections", "--max-line-bytes", "--max-places",
            "--admin-group", "--log-level", "--version", "--help",
        ] {
            #expect(DaemonCommandLine.helpText.contains(option))
        }
    }
}

@Suite("placesd rekey command line")
struct RekeyCommandLineTests {
    private let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    private func parse(_ arguments: [String]) throws -> DaemonCommand {
        try DaemonCommandLine.parse(["rekey"] + arguments, environment: environment, uid: 1000)
    }

    @Test("The new key, the old key and the database come from the flags")
    func flags() throws {
        guard
            case .rekey(let command) = try parse([
                "--database", "/tmp/p.sqlite", "--key-file=/tmp/old.key", "--new-key-file", "/tmp/new.key",
            ])
        else {
            Issue.record("expected a rekey command")
            return
        }
        #expect(command.newKeyPath == "/tmp/new.key")
        #expect(!command.decrypt)
        let configuration = try command.invocation.resolve()
        #expect(configuration.databasePath == "/tmp/p.sqlite")
        #expect(configuration.keyFilePath == "/tmp/old.key")
    }

    @Test("--decrypt instead of a new key")
    func decrypt() throws {
        guard case .rekey(let command) = try parse(["--decrypt"]) else {
            Issue.record("expected a rekey command")
            return
        }
        #expect(command.decrypt && command.newKeyPath == nil)
    }

    @Test("Exactly one of --new-key-file and --decrypt", arguments: [[], ["--decrypt", "--new-key-file", "k"]])
    func needsOneTarget(arguments: [String]) {
        #expect(throws: UsageError.self) { try parse(arguments) }
    }

    @Test("Unknown options and missing values are usage errors", arguments: [["--socket", "x"], ["--new-key-file"]])
    func usageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try parse(arguments) }
    }

    @Test("--help prints the rekey help")
    func help() throws {
        #expect(try parse(["--decrypt", "--help"]) == .rekeyHelp)
    }

    @Test("The credential is the default key file when it exists")
    func credentialIsTheDefaultKey() {
        let configuration = ServerConfiguration(environment: ["CREDENTIALS_DIRECTORY": "/nonexistent"], uid: 0)
        #expect(configuration.keyFilePath == nil)
    }
}

@Suite("placesd migrate command line")
struct MigrateCommandLineTests {
    private func parse(_ arguments: [String]) throws -> DaemonCommand {
        try DaemonCommandLine.parse(["migrate"] + arguments, environment: [:], uid: 1000)
    }

    @Test("The source and the target come from --from and --to")
    func flags() throws {
        #expect(
            try parse(["--from", "/tmp/p.sqlite", "--to=postgresql:///places"])
                == .migrate(MigrateCommand(source: "/tmp/p.sqlite", target: "postgresql:///places")))
    }

    @Test(
        "Both stores, two different ones, and nothing else",
        arguments: [
            [], ["--from", "a"], ["--to", "b"], ["--from", "a", "--to", "a"], ["--from", "a", "--to", "b", "-x"],
        ])
    func usageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try parse(arguments) }
    }

    @Test("--help prints the migrate help")
    func help() throws {
        #expect(try parse(["--from", "a", "--help"]) == .migrateHelp)
    }
}
