import Foundation
import Glibc
import Testing

/// `placesd migrate`: a store copied from SQLite to PostgreSQL and back keeps its ids, order, versions and
/// revisions, and its sealed rows as they are.
@Suite("placesd migrate")
struct MigrateTests {
    @Test func aSealedStoreGoesToPostgreSQLAndBack() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try StoreKeyFile(in: directory, name: "placesd.key")
        let keyArguments = ["--key-file", key.path]

        let original = directory.file("original.sqlite")
        let before = try SampleStore.make(at: original, in: directory, arguments: keyArguments)

        #expect(try migrate(original, cluster.uri, in: directory).status == .exited(0))
        #expect(try cluster.psql("SELECT count(*) FROM places WHERE sealed IS NULL OR name <> ''") == "0")
        #expect(try cluster.psql("SELECT revision FROM meta") == "\(before["revision"]?.int ?? -1)")
        let refused = try migrate(original, cluster.uri, in: directory)
        #expect(refused.status == .exited(1) && refused.stderr.contains("already holds places"), "\(refused.summary)")

        let shared = try DaemonProcess(databasePath: cluster.uri, arguments: keyArguments)
        defer { shared.shutdown() }
        try shared.start(timeout: 60)
        #expect(try shared.connect().list() == before)
        let added = try shared.connect().add(["name": "Added on PostgreSQL", "latitude": 3, "longitude": 4])
        let after = try shared.connect().list()
        #expect(try shared.stop() == .exited(0))

        let back = directory.file("back.sqlite")
        #expect(try migrate(cluster.uri, back, in: directory).status == .exited(0))
        let local = try DaemonProcess(sharing: directory, databasePath: back, arguments: keyArguments)
        defer { local.shutdown() }
        try local.start()
        #expect(try local.connect().list() == after)
        #expect(after["places"]?.array?.last == added)
    }

    /// Runs `placesd migrate --from source --to target`.
    private func migrate(_ source: String, _ target: String, in directory: TemporaryDirectory) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesd(), ["migrate", "--from", source, "--to", target], in: directory, timeout: 120)
    }
}
