import Glibc
import Testing

/// placesd's command line: version, help, usage errors, socket permissions.
@Suite("placesd command line")
struct CommandLineTests {
    /// --version prints "placesd 0.1.0"; --help prints usage; both exit 0.
    @Test func versionAndHelp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let version = try Subprocess.run(try Binaries.placesd(), ["--version"], in: directory)
        #expect(version.status == .exited(0) && version.stdout == "placesd 0.1.0\n", "\(version.summary)")
        let help = try Subprocess.run(try Binaries.placesd(), ["--help"], in: directory)
        #expect(help.status == .exited(0), "\(help.summary)")
        for option in [
            "--socket", "--database", "--socket-mode", "--max-connections", "--max-line-bytes", "--log-level",
        ] {
            #expect(help.stdout.contains(option), "--help mentions \(option): \(help.summary)")
        }
    }

    /// Usage errors exit 64 with a message on stderr, before touching anything.
    @Test(arguments: [
        ["--bogus"], ["--max-connections", "abc"], ["--max-connections"], ["--max-line-bytes", "-5"],
        ["--log-level", "chatty"], ["--socket-mode", "999"], ["extra-argument"],
    ])
    func badOptionsExit64(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("places.sqlite")
        let run = try Subprocess.run(
            try Binaries.placesd(), ["--socket", directory.file("s.sock"), "--database", database] + arguments,
            in: directory)
        #expect(run.status == .exited(64), "\(run.summary)")
        #expect(!run.stderr.isEmpty, "a message says what is wrong")
        #expect(!TemporaryDirectory.exists(database), "no database created on a usage error")
    }

    /// The socket is 0600 by default and takes --socket-mode.
    @Test(arguments: [(nil, 0o600), ("0666", 0o666), ("660", 0o660)] as [(String?, Int)])
    func socketMode(_ mode: String?, _ expected: Int) throws {
        let daemon = try DaemonProcess.started(arguments: mode.map { ["--socket-mode", $0] } ?? [])
        defer { daemon.shutdown() }
        var info = stat()
        #expect(lstat(daemon.socketPath, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(Int(info.st_mode & 0o7777) == expected, "mode \(String(info.st_mode & 0o7777, radix: 8))")
    }

    /// Missing parent directories of --database are created (mode 0700).
    @Test func createsDatabaseDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let daemon = try DaemonProcess(sharing: directory, databasePath: directory.file("a/b/places.sqlite"))
        defer { daemon.shutdown() }
        try daemon.start()
        try daemon.connect().add(["latitude": 1, "longitude": 2])
        var info = stat()
        #expect(stat(directory.file("a/b"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(TemporaryDirectory.exists(directory.file("a/b/places.sqlite")))
    }

    /// A socket file left behind by a killed daemon does not stop the next start.
    @Test func staleSocketFileIsReplaced() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        try daemon.kill9()
        #expect(TemporaryDirectory.exists(daemon.socketPath), "SIGKILL leaves the socket file")
        try daemon.start()
        #expect(try daemon.connect().result("server.status")["protocol"] == 1)
    }
}
