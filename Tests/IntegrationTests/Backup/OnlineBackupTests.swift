import Foundation
import Glibc
import RegexBuilder
import Testing

/// `server.backup` on a running daemon: a consistent copy while clients write, administrators only, clear
/// refusals that leave nothing behind.
@Suite("Online backup")
struct OnlineBackupTests {
    /// While 8 clients add, update and remove, a backup holds exactly the store at the revision it records: the
    /// places a watcher that saw every change had at that revision, in order, each at its version.
    @Test func aBackupWhileEightClientsWriteHoldsTheStoreAtItsRevision() throws {
        let daemon = try DaemonProcess(arguments: ["--max-subscriber-buffer", "268435456"])
        defer { daemon.shutdown() }
        try daemon.start()
        try daemon.connect().importNumberedPlaces(20_000, perRequest: 5_000)
        let watcher = try WatchingConnection(daemon)
        let snapshot = try watcher.result("places.watch", ["allUsers": true], timeout: 60)
        let start = try #require(snapshot["revision"]?.int)

        let writers = BackupWriters(sockets: Array(repeating: daemon.socketPath, count: 8))
        #expect(writers.waitForChanges(200, after: 0, seconds: 20), "the writers got going")
        let target = daemon.directory.file("while-writing.sqlite")
        let backup = try daemon.connect().result("server.backup", ["path": .string(target)], timeout: 60)
        #expect(writers.waitForChanges(200, seconds: 20), "the writers went on after it")
        let counts = try writers.stop(timeout: 60)
        #expect(!counts.contains(-1), "every write was answered: \(counts)")

        let revision = try #require(backup["revision"]?.int)
        #expect(backup["path"]?.string == target && backup["sealed"] == false, "\(backup)")
        #expect(revision > start, "the backup holds some of the writes: \(backup), started at \(start)")
        let expected = try ChangeReplay.apply(
            revision > start ? watcher.changes(through: revision, timeout: 60) : [],
            to: snapshot["places"]?.array ?? [])
        #expect(backup["places"]?.int == expected.count, "\(backup)")
        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600, "mode 0600")
        #expect(backup["bytes"]?.int == Int(status.st_size))

        let info = try Subprocess.run(
            try Binaries.placesd(), ["backup", "--info", target, "--json"], in: daemon.directory, timeout: 120)
        let described = try JSON(parsing: info.stdout)
        #expect(described["revision"]?.int == revision && described["intact"] == true, "\(info.summary)")

        #expect(described["places"]?.int == expected.count && described["sealed"] == false)
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let restored = try DaemonProcess(sharing: elsewhere, databasePath: target)
        defer { restored.shutdown() }
        try restored.start(timeout: 60)
        let held = try restored.connect().result("places.list", ["allUsers": true], timeout: 60)
        #expect(held["revision"]?.int == revision)
        #expect(Self.essentials(held["places"]?.array ?? []) == Self.essentials(expected))
        #expect(try restored.stop() == .exited(0))
    }

    /// What identifies a place's state: id, name and version, in list order.
    private static func essentials(_ places: [JSON]) -> [String] {
        places.map { "\($0["id"]?.string ?? "?") \($0["name"]?.string ?? "?") v\($0["version"]?.int ?? -1)" }
    }

    /// A plain user is refused with -32003 and pointed at `placesctl export`; nothing is written.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root to run a client as another uid"))
    func aPlainUserIsRefused() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let target = daemon.directory.file("nobody.sqlite")
        let response = try OtherUser.call(daemon, [("server.backup", ["path": .string(target)])])[0]
        let error = try #require(response["error"], "\(response)")
        expectError(error, code: -32003)
        #expect(error["message"]?.string?.contains("placesctl export") == true, "\(error)")
        #expect(!TemporaryDirectory.exists(target))
    }

    /// A target whose directory is missing, a relative path, a directory given as a file and a second backup
    /// while one runs are refused with a precise error; the daemon goes on.
    @Test func badTargetsAreRefused() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        let missing = daemon.directory.file("missing")
        for (params, field, reason): (JSON, String, String) in [
            (["path": .string(missing + "/b.sqlite")], "path", "no directory '\(missing)'"),
            (["directory": .string(missing)], "directory", "no directory '\(missing)'"),
            (["path": "b.sqlite"], "path", "must be an absolute path"),
            (["path": .string(daemon.directory.path)], "path", "is a directory; give it as directory"),
            (["directory": .string(daemon.directory.path), "keep": 0], "keep", "must be from 1 to 1000"),
        ] {
            let error = try client.error("server.backup", params)
            expectError(error, code: -32602)
            #expect(error["data"]?["field"]?.string == field, "\(params): \(error)")
            #expect(error["data"]?["reason"]?.string?.contains(reason) == true, "\(params): \(error)")
        }
        #expect(try client.result("server.status")["protocol"] == 1)
    }

    /// `placesctl backup DIRECTORY --keep 2` names its files by time, keeps the newest two of its own and
    /// leaves every other file alone.
    @Test func placesctlKeepsTheNewestBackupsInADirectory() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        try daemon.start()
        try daemon.connect().add(["name": "Kept", "latitude": 1, "longitude": 2])
        let backups = daemon.directory.file("backups")
        mkdir(backups, 0o700)
        for name in ["places-20000101T000000Z.sqlite", "notes.txt", "places-old.sqlite"] {
            try TemporaryDirectory.write([1, 2, 3], to: backups + "/" + name)
        }
        var made: [String] = []
        for round in 0..<3 {
            let run = try Subprocess.run(
                try Binaries.placesctl(), ["--socket", daemon.socketPath, "backup", backups, "--keep", "2"],
                in: daemon.directory)
            #expect(run.status == .exited(0), "\(run.summary)")
            let path = try #require(
                run.stdout.firstMatch(of: #/to '([^']+)'/#).map { String($0.output.1) }, "\(run.summary)")
            #expect(run.stdout.hasPrefix("Backed up 1 place (revision 1) to '\(backups)/places-"), "\(run.stdout)")
            #expect(run.stdout.contains("Removed 1 older backup.") == (round > 0), "round \(round): \(run.stdout)")
            made.append(path)
        }
        // The daemon's journal line says how long each took, and how much of it the copy gave way, if any.
        let line = #/Backed up 1 places \(revision 1\) to '[^']+' in \d+\.\d{3} s/#
        let gaveWay = #/( \(\d+\.\d{3} s of it giving way to requests\))?[;.]/#
        let logged = daemon.log.matches(
            of: Regex {
                line; gaveWay
            })
        #expect(logged.count == 3, "\(daemon.logTail)")
        let left = try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
        let expected = (["notes.txt", "places-old.sqlite"] + made.suffix(2).map { ($0 as NSString).lastPathComponent })
        #expect(left == expected.sorted())

        let json = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "--json", "backup", backups + "/"],
            in: daemon.directory)
        let result = try JSON(parsing: json.stdout)
        #expect(result["pruned"]?.array == [], "no --keep prunes nothing: \(json.summary)")
        let refused = try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "backup", "file.sqlite", "--keep", "2"],
            in: daemon.directory)
        #expect(refused.status == .exited(64), "\(refused.summary)")
    }
}
