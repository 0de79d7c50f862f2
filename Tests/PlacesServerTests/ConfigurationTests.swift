import Glibc
import PlacesServer
import PlacesSystem
import Testing

@Suite("Configuration file")
struct ConfigurationTests {
    private let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/ada"]

    /// Writes `text` to a fresh file and returns its path.
    private func file(_ text: String) throws -> String {
        var template = Array("/tmp/placesd-conf-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        var text = text
        text.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    private func invocation(_ arguments: [String]) throws -> DaemonInvocation {
        switch try DaemonCommandLine.parse(arguments, environment: environment, uid: 1000) {
        case .serve(let invocation), .checkConfiguration(let invocation): return invocation
        default: throw UsageError("no invocation")
        }
    }

    @Test("Keys, comments, quotes and blank lines")
    func parsing() throws {
        let path = try file(
            """
            # placesd settings
            socket = /tmp/x.sock

              max-connections=200
            ; another comment
            log-level = "debug"
            admin-group = wheel
            socket-mode = 0660
            max-line-bytes = 4096
            max-places = 50
            database = /tmp/x.sqlite
            """)
        defer { unlink(path) }
        let configuration = try invocation(["--config", path]).resolve()
        #expect(configuration.socketPath == "/tmp/x.sock")
        #expect(configuration.maximumConnections == 200)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.adminGroup == "wheel")
        #expect(configuration.socketMode == 0o660)
        #expect(configuration.maximumLineBytes == 4096)
        #expect(configuration.maximumPlacesPerUser == 50)
        #expect(configuration.databasePath == "/tmp/x.sqlite")
    }

    @Test("Flags win over the file")
    func flagsWin() throws {
        let path = try file("max-connections = 200\nlog-level = debug\n")
        defer { unlink(path) }
        let configuration = try invocation(["--max-connections", "7", "--config", path]).resolve()
        #expect(configuration.maximumConnections == 7)
        #expect(configuration.logLevel == .debug)
    }

    @Test(
        "Errors name the file, the line and the reason",
        arguments: [
            ("socket = /a\nsokcet = /b\n", "line 2: unknown key 'sokcet'"),
            ("max-connections = many\n", "line 1: 'max-connections' must be a positive whole number, not 'many'"),
            (
                "\n\nlog-level = loud\n",
                "line 3: 'log-level' must be one of error, warning, notice, info, debug, not 'loud'"
            ),
            ("just words\n", "line 1: expected 'key = value'"),
            ("socket =\n", "line 1: 'socket' must not be empty"),
        ])
    func errors(text: String, expected: String) throws {
        let path = try file(text)
        defer { unlink(path) }
        #expect(throws: ConfigurationError.self) { try invocation(["--config", path]).resolve() }
        do {
            _ = try invocation(["--config", path]).resolve()
        } catch let error as ConfigurationError {
            #expect(error.description == "configuration '\(path)', \(expected)")
        }
    }

    @Test("A missing file named with --config is an error; a missing default file means the defaults")
    func missingFile() throws {
        #expect(throws: ConfigurationError.self) {
            try invocation(["--config", "/nonexistent/placesd.conf"]).resolve()
        }
        let defaults = try invocation([]).resolve()
        #expect(defaults == ServerConfiguration(environment: environment, uid: 1000))
    }

    @Test("--check-config asks for a check")
    func checkConfig() throws {
        guard case .checkConfiguration = try DaemonCommandLine.parse(["--check-config"], environment: [:], uid: 0)
        else {
            Issue.record("expected a configuration check")
            return
        }
    }

    @Test("Default paths follow systemd's directories")
    func systemdDirectories() {
        let environment = [
            "RUNTIME_DIRECTORY": "/run/placesd", "STATE_DIRECTORY": "/var/lib/placesd",
            "CONFIGURATION_DIRECTORY": "/etc/placesd", "XDG_RUNTIME_DIR": "/run/user/61000",
        ]
        let configuration = ServerConfiguration(environment: environment, uid: 61000)
        #expect(configuration.socketPath == "/run/placesd/placesd.sock")
        #expect(configuration.databasePath == "/var/lib/placesd/places.sqlite")
        #expect(DefaultPaths.configurationPath(environment: environment, uid: 61000) == "/etc/placesd/placesd.conf")
        #expect(DefaultPaths.configurationPath(environment: [:], uid: 0) == "/etc/placesd/placesd.conf")
        #expect(
            DefaultPaths.configurationPath(environment: ["HOME": "/home/ada"], uid: 1000)
                == "/home/ada/.config/placesd/placesd.conf")
    }

    @Test("Only limits, log level and admin group are reloadable")
    func reloadable() {
        #expect(
            ConfigurationKey.allCases.filter(\.isReloadable).map(\.rawValue).sorted() == [
                "admin-group", "log-level", "max-connections", "max-connections-per-user", "max-import-places",
                "max-line-bytes", "max-places", "max-reply-buffer", "max-reply-buffer-per-user",
                "max-requests-in-flight", "max-subscriber-buffer",
            ])
    }
}
