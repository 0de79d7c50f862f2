import Foundation
import Glibc
import Testing

/// A backup that cannot finish leaves nothing at its target and no temporary, and the daemon goes on serving.
@Suite("Online backup failures")
struct BackupFailureTests {
    /// A backup onto a 1 MiB tmpfs of a larger store fails with -32005 naming the full disk, leaves the tmpfs
    /// empty, and the daemon still serves and backs up elsewhere.
    @Test(.enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func aFullDiskLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmpfs = try TmpfsMount(in: directory, name: "small", size: "1m")
        defer { tmpfs.unmount() }
        let daemon = try DaemonProcess(sharing: directory)
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        try client.importNumberedPlaces(20_000, perRequest: 5_000)

        let error = try client.error("server.backup", ["path": .string(tmpfs.path + "/b.sqlite")], timeout: 60)
        expectError(error, code: -32005)
        #expect(error["message"]?.string?.contains("full") == true, "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmpfs.path) == [])
        #expect(try client.result("places.add", ["name": "After", "latitude": 1, "longitude": 2])["id"] != nil)
        let elsewhere = try client.result("server.backup", ["path": .string(directory.file("b.sqlite"))], timeout: 60)
        #expect(elsewhere["places"]?.int == 20_001, "\(elsewhere)")
    }

    /// kill -9 while a backup runs: the target is either absent or a complete backup, and the temporary is gone
    /// after the next start (beside the database) or the next backup (elsewhere); a temporary planted for a
    /// process that is gone is removed the same way.
    @Test func aBackupKilledHalfWayLeavesNoTemporary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let elsewhere = directory.file("elsewhere")
        mkdir(elsewhere, 0o700)
        let daemon = try DaemonProcess(sharing: directory)
        defer { daemon.shutdown() }
        try daemon.start()
        try daemon.connect().importNumberedPlaces(100_000, perRequest: 10_000)

        for target in [directory.file("killed.sqlite"), elsewhere + "/killed.sqlite"] {
            let client = try daemon.connect()
            try client.send(Request.line(id: "1", method: "server.backup", params: #"{"path":"\#(target)"}"#))
            usleep(50_000)
            try daemon.kill9()
            if TemporaryDirectory.exists(target) {
                let info = try Subprocess.run(try Binaries.placesd(), ["backup", "--info", target], in: directory)
                #expect(info.status == .exited(0), "a target that is there is complete: \(info.summary)")
            }
            try TemporaryDirectory.write([0], to: elsewhere + "/.planted.sqlite.partial-999999999")
            try daemon.start()
            #expect(Self.temporaries(in: directory.path) == [], "start-up removed the temporaries beside the store")
            try daemon.connect().result("server.backup", ["path": .string(elsewhere + "/next.sqlite")], timeout: 60)
            #expect(Self.temporaries(in: elsewhere) == [], "the next backup removed those in its directory")
        }
    }

    /// Over PostgreSQL a backup fails as over SQLite: a missing directory is -32602; with the database out of
    /// reach, -32005 saying why, nothing at the target and no temporary, and the daemon goes on answering.
    @Test func aPostgreSQLBackupThatCannotReadTheStoreLeavesNothing() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let daemon = try DaemonProcess(databasePath: cluster.uri)
        defer { daemon.shutdown() }
        try daemon.start(timeout: 60)
        try daemon.connect().add(["name": "Kept", "latitude": 1, "longitude": 2])
        let missing = daemon.directory.file("missing")
        let refused = try daemon.connect().error("server.backup", ["path": .string(missing + "/b.sqlite")])
        expectError(refused, code: -32602)
        #expect(refused["data"]?["field"] == "path", "\(refused)")

        try cluster.halt()
        let target = daemon.directory.file("b.sqlite")
        let error = try daemon.connect().error("server.backup", ["path": .string(target)], timeout: 60)
        expectError(error, code: -32005)
        #expect(error["message"]?.string?.contains("Failed to back up '") == true, "\(error)")
        #expect(!TemporaryDirectory.exists(target))
        #expect(Self.temporaries(in: daemon.directory.path) == [])
        #expect(try daemon.connect().result("server.status")["protocol"] == 1)
    }

    /// The names of backup temporaries in `directory`.
    private static func temporaries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".partial-") }
    }
}
