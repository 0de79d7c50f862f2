import Foundation
import Glibc
import Testing

/// `placesd backup --info` and `placesd restore`: a backup of a real daemon's store, inspected, restored into a
/// new SQLite file, an existing one and PostgreSQL, is served exactly as the store was; every refusal leaves the
/// target as it was.
@Suite("placesd backup --info and restore")
struct RestoreCommandTests {
    @Test func aBackupIsInspectedRestoredAndServedExactly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try SampleStore.make(at: directory.file("original.sqlite"), in: directory)
        let revision = try #require(before["revision"]?.int)
        let backup = try Self.backUp(
            directory.file("original.sqlite"), to: directory.file("backup.sqlite"), in: directory)

        let info = try placesd(["backup", "--info", backup], in: directory)
        #expect(info.status == .exited(0), "\(info.summary)")
        for line in [
            "Revision:       \(revision)", "Places:         4", "uid \(getuid())", "Sealed:         no",
            "Integrity:      ok",
        ] {
            #expect(info.stdout.contains(line), "\(line) in \(info.stdout)")
        }
        let json = try placesd(["backup", "--info", backup, "--json"], in: directory)
        #expect(json.status == .exited(0) && json.stdout.contains("\"revision\": \(revision)"), "\(json.summary)")

        let restored = directory.file("restored.sqlite")
        let restore = try placesd(["restore", backup, "--database", restored], in: directory)
        #expect(
            restore.status == .exited(0) && restore.stdout.contains("revision \(revision), 4 places"),
            "\(restore.summary)")
        let daemon = try DaemonProcess(sharing: directory, databasePath: restored)
        defer { daemon.shutdown() }
        try daemon.start()
        #expect(try daemon.connect().list() == before)

        let inUse = try placesd(["restore", backup, "--database", restored, "--replace"], in: directory)
        #expect(inUse.status == .exited(1) && inUse.stderr.contains("in use by a running placesd"), "\(inUse.summary)")
        try daemon.connect().add(["name": "After the restore", "latitude": 5, "longitude": 6])
        let changed = try daemon.connect().list()
        #expect(try daemon.stop() == .exited(0))
        let changedBytes = TemporaryDirectory.contents(of: restored)

        let refused = try placesd(["restore", backup, "--database", restored], in: directory)
        #expect(refused.status == .exited(1) && refused.stderr.contains("holds 5 places"), "\(refused.summary)")
        #expect(TemporaryDirectory.contents(of: restored) == changedBytes)

        let replaced = try placesd(["restore", backup, "--database", restored, "--replace"], in: directory)
        #expect(replaced.status == .exited(0), "\(replaced.summary)")
        let kept = try #require(
            replaced.stdout.firstMatch(of: #/kept as '([^']+)'/#).map { String($0.output.1) }, "\(replaced.summary)")
        #expect(kept.hasPrefix(restored + ".before-restore-"))
        let old = try DaemonProcess(sharing: directory, databasePath: kept)
        defer { old.shutdown() }
        try old.start()
        #expect(try old.connect().list() == changed)
        #expect(try old.stop() == .exited(0))
        try daemon.start()
        #expect(try daemon.connect().list() == before)
    }

    @Test func aDamagedOrMissingBackupIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try SampleStore.make(at: directory.file("original.sqlite"), in: directory)
        let backup = try Self.backUp(
            directory.file("original.sqlite"), to: directory.file("backup.sqlite"), in: directory)
        let bytes = try #require(TemporaryDirectory.contents(of: backup))
        let truncated = directory.file("truncated.sqlite")
        try TemporaryDirectory.write(Array(bytes.prefix(bytes.count / 2)), to: truncated)
        let garbage = directory.file("garbage.sqlite")
        try TemporaryDirectory.write(Array(repeating: 0x5A, count: 8_192), to: garbage)
        let target = directory.file("original.sqlite")
        let targetBytes = TemporaryDirectory.contents(of: target)
        for file in [truncated, garbage, directory.file("missing.sqlite")] {
            let info = try placesd(["backup", "--info", file], in: directory)
            #expect(info.status == .exited(1) && !info.stderr.isEmpty, "\(info.summary)")
            let restore = try placesd(["restore", file, "--database", target, "--replace"], in: directory)
            #expect(
                restore.status == .exited(1) && restore.stderr.contains("nothing was changed"), "\(restore.summary)")
            #expect(TemporaryDirectory.contents(of: target) == targetBytes)
        }
        let usage = try placesd(["restore", "--database", target], in: directory)
        #expect(usage.status == .exited(64), "\(usage.summary)")
    }

    @Test func aSealedBackupNeedsItsKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try StoreKeyFile(in: directory, name: "placesd.key")
        let other = try StoreKeyFile(in: directory, name: "other.key")
        let before = try SampleStore.make(
            at: directory.file("sealed.sqlite"), in: directory, arguments: ["--key-file", key.path])
        let backup = try Self.backUp(
            directory.file("sealed.sqlite"), to: directory.file("backup.sqlite"), in: directory)
        let info = try placesd(["backup", "--info", backup], in: directory)
        #expect(info.status == .exited(0) && info.stdout.contains("Sealed:         yes"), "\(info.summary)")

        // A target that holds places, to show it untouched by each refusal even with --replace.
        let target = directory.file("target.sqlite")
        _ = try SampleStore.make(at: target, in: directory)
        let targetBytes = TemporaryDirectory.contents(of: target)
        let withoutKey = try placesd(["restore", backup, "--database", target, "--replace"], in: directory)
        #expect(
            withoutKey.status == .exited(1) && withoutKey.stderr.contains("no store key is configured"),
            "\(withoutKey.summary)")
        let wrongKey = try placesd(
            ["restore", backup, "--database", target, "--replace", "--key-file", other.path], in: directory)
        #expect(
            wrongKey.status == .exited(1) && wrongKey.stderr.contains("different key"), "\(wrongKey.summary)")
        #expect(TemporaryDirectory.contents(of: target) == targetBytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.contains(".before-restore-")
            }.isEmpty)

        let restored = directory.file("restored.sqlite")
        let restore = try placesd(["restore", backup, "--database", restored, "--key-file", key.path], in: directory)
        #expect(restore.status == .exited(0) && restore.stdout.contains("(sealed)"), "\(restore.summary)")
        let daemon = try DaemonProcess(sharing: directory, databasePath: restored, arguments: ["--key-file", key.path])
        defer { daemon.shutdown() }
        try daemon.start()
        #expect(try daemon.connect().list() == before)
    }

    @Test func aBackupIsRestoredIntoAnEmptyPostgreSQLDatabaseOnly() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try SampleStore.make(at: directory.file("original.sqlite"), in: directory)
        let backup = try Self.backUp(
            directory.file("original.sqlite"), to: directory.file("backup.sqlite"), in: directory)

        let replace = try placesd(["restore", backup, "--database", cluster.uri, "--replace"], in: directory)
        #expect(
            replace.status == .exited(1) && replace.stderr.contains("--replace is for SQLite files only"),
            "\(replace.summary)")
        let restore = try placesd(["restore", backup, "--database", cluster.uri], in: directory)
        #expect(restore.status == .exited(0) && restore.stdout.contains("4 places"), "\(restore.summary)")
        #expect(try cluster.psql("SELECT revision FROM meta") == "\(before["revision"]?.int ?? -1)")
        let again = try placesd(["restore", backup, "--database", cluster.uri], in: directory)
        #expect(
            again.status == .exited(1) && again.stderr.contains("restore into an empty database"), "\(again.summary)")

        let shared = try DaemonProcess(databasePath: cluster.uri)
        defer { shared.shutdown() }
        try shared.start(timeout: 60)
        #expect(try shared.connect().list() == before)
    }

    /// Backs up the stopped daemon's database at `source` with the sqlite3 shell's `.backup` (what docs/backup.md
    /// tells an operator to do until placesd makes backups itself); returns `target`.
    private static func backUp(_ source: String, to target: String, in directory: TemporaryDirectory) throws -> String {
        let sqlite3 = try ExternalTool.path("sqlite3", package: "the Debian package sqlite3")
        let run = try Subprocess.run(sqlite3, [source, ".backup '\(target)'"], in: directory)
        guard run.status == .exited(0) else { throw TestFailure("sqlite3 .backup failed: \(run.summary)") }
        return target
    }

    /// Runs `placesd arguments…`.
    private func placesd(_ arguments: [String], in directory: TemporaryDirectory) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesd(), arguments, in: directory, timeout: 120)
    }
}
