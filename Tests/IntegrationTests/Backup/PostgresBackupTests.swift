import Foundation
import Glibc
import Testing

/// `server.backup` on PostgreSQL-backed daemons: the same portable SQLite file as a SQLite host writes, a
/// consistent snapshot while hosts write, restored into SQLite and into PostgreSQL exactly; a sealed store's
/// backup holds no plaintext.
@Suite("Backups of a PostgreSQL store", .serialized)
struct PostgresBackupTests {
    /// While writers on two hosts add, update and remove, a backup through one host holds exactly the store at the
    /// revision it records (the places a watcher that saw every change had then, in order, each as it was); that
    /// file, restored into SQLite and into a fresh PostgreSQL database, serves exactly those places.
    @Test func aBackupWhileTwoHostsWriteHoldsTheStoreAtItsRevisionAndRestoresAnywhere() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let a = try DaemonProcess(databasePath: cluster.uri, arguments: ["--max-subscriber-buffer", "268435456"])
        defer { a.shutdown() }
        try a.start(timeout: 60)
        let b = try DaemonProcess(databasePath: cluster.uri)
        defer { b.shutdown() }
        try b.start(timeout: 60)
        try a.connect().importNumberedPlaces(5_000, perRequest: 5_000)
        let watcher = try WatchingConnection(a)
        let snapshot = try watcher.result("places.watch", ["allUsers": true], timeout: 60)
        let start = try #require(snapshot["revision"]?.int)

        let writers = BackupWriters(sockets: [a.socketPath, a.socketPath, b.socketPath, b.socketPath])
        #expect(writers.waitForChanges(100, after: 0, seconds: 60), "the writers got going")
        let target = a.directory.file("postgres-backup.sqlite")
        let backup = try a.connect().result("server.backup", ["path": .string(target)], timeout: 120)
        #expect(writers.waitForChanges(100, seconds: 60), "the writers went on after it")
        let counts = try writers.stop(timeout: 120)
        #expect(!counts.contains(-1), "every write was answered: \(counts)")

        let revision = try #require(backup["revision"]?.int)
        #expect(backup["path"]?.string == target && backup["sealed"] == false, "\(backup)")
        #expect(revision > start, "the backup holds some of the writes: \(backup), started at \(start)")
        let events = try watcher.changes(through: revision, timeout: 120)
        try ChangeReplay.checkConsecutive(events, after: start)
        let expected = try ChangeReplay.apply(events, to: snapshot["places"]?.array ?? [])
        #expect(backup["places"]?.int == expected.count, "\(backup)")
        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600, "mode 0600")
        #expect(backup["bytes"]?.int == Int(status.st_size))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: a.directory.path).filter { $0.contains(".partial-") }
                .isEmpty, "no temporary is left")
        #expect(
            !DiskScan.filesContaining("Place 4999", database: target).isEmpty,
            "a plaintext store's backup holds its names as they are (the leak scan below would find them)")

        let info = try Self.placesd(["backup", "--info", target, "--json"], in: a.directory)
        let described = try JSON(parsing: info.stdout)
        #expect(described["revision"]?.int == revision && described["intact"] == true, "\(info.summary)")
        #expect(described["places"]?.int == expected.count && described["sealed"] == false)

        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let intoFile = elsewhere.file("restored.sqlite")
        try Self.expectRestored(target, into: intoFile, in: elsewhere, holding: expected, at: revision)
        try cluster.psql("CREATE DATABASE restored")
        let intoPostgres = "postgresql:///restored?host=\(cluster.socketDirectory)&port=\(cluster.port)&user=postgres"
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        try Self.expectRestored(target, into: intoPostgres, in: elsewhere, holding: expected, at: revision)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before, "the restore leaves the backup as it was")
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"), "and opens nothing beside it")
    }

    /// The backup of a sealed PostgreSQL store holds its rows sealed: none of the names and descriptions written
    /// is in the file; `--info` says it is sealed, a restore without the key is refused, and with the key the
    /// restored store serves every place as it was.
    @Test func aSealedStoresBackupHoldsNoPlaintextAndRestoresWithTheKey() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try StoreKeyFile(in: directory, name: "placesd.key")
        let sealed = try DaemonProcess(
            sharing: directory, databasePath: cluster.uri, arguments: ["--key-file", key.path])
        defer { sealed.shutdown() }
        try sealed.start(timeout: 60)
        let client = try sealed.connect()
        var texts: [String] = []
        var ids: [JSON] = []
        for index in 0..<12 {
            let name = "Secret name \(index) " + UUID().uuidString
            let description = "Secret description \(index) " + UUID().uuidString
            texts += [name, description]
            let place = try client.add([
                "name": .string(name), "description": .string(description), "latitude": 48.5, "longitude": 2.25,
            ])
            ids.append(try #require(place["id"]))
        }
        let renamed = "Secret rename " + UUID().uuidString
        texts.append(renamed)
        try client.result("places.update", ["id": ids[0], "name": .string(renamed)])
        try client.result("places.remove", ["id": ids[1]])
        let before = try client.list()

        let target = directory.file("sealed-backup.sqlite")
        let backup = try client.result("server.backup", ["path": .string(target)], timeout: 120)
        #expect(backup["sealed"] == true && backup["places"] == 11, "\(backup)")
        #expect(backup["revision"] == before["revision"], "\(backup)")
        for text in texts {
            #expect(DiskScan.filesContaining(text, database: target).isEmpty, "'\(text)' is readable in the backup")
        }
        let info = try Self.placesd(["backup", "--info", target], in: directory)
        #expect(info.status == .exited(0) && info.stdout.contains("Sealed:         yes"), "\(info.summary)")

        let restored = directory.file("restored.sqlite")
        let withoutKey = try Self.placesd(["restore", target, "--database", restored], in: directory)
        #expect(
            withoutKey.status == .exited(1) && withoutKey.stderr.contains("no store key is configured"),
            "\(withoutKey.summary)")
        #expect(!TemporaryDirectory.exists(restored))
        let restore = try Self.placesd(
            ["restore", target, "--database", restored, "--key-file", key.path], in: directory)
        #expect(restore.status == .exited(0) && restore.stdout.contains("(sealed)"), "\(restore.summary)")
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let daemon = try DaemonProcess(sharing: elsewhere, databasePath: restored, arguments: ["--key-file", key.path])
        defer { daemon.shutdown() }
        try daemon.start(timeout: 60)
        #expect(try daemon.connect().list() == before)
        #expect(try daemon.stop() == .exited(0))
    }

    /// Restores the backup `file` into `database` with `placesd restore`, starts a daemon on it and expects every
    /// user's places to be `expected`, in order and field by field, at `revision`.
    private static func expectRestored(
        _ file: String, into database: String, in directory: TemporaryDirectory, holding expected: [JSON],
        at revision: Int
    ) throws {
        let restore = try placesd(["restore", file, "--database", database], in: directory)
        #expect(
            restore.status == .exited(0) && restore.stdout.contains("revision \(revision), \(expected.count) places"),
            "\(restore.summary)")
        let daemon = try DaemonProcess(sharing: directory, databasePath: database)
        defer { daemon.shutdown() }
        try daemon.start(timeout: 60)
        let held = try daemon.connect().result("places.list", ["allUsers": true], timeout: 60)
        #expect(held["revision"]?.int == revision, "restored into \(database)")
        let places = held["places"]?.array ?? []
        #expect(places.count == expected.count, "restored into \(database)")
        #expect(places == expected, "restored into \(database): every place, in order, as the backup holds it")
        #expect(try daemon.stop() == .exited(0))
    }

    /// Runs `placesd arguments…`.
    private static func placesd(_ arguments: [String], in directory: TemporaryDirectory) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesd(), arguments, in: directory, timeout: 120)
    }
}
