import Foundation
import Testing

/// Stores written by the release before tags and visit dates (scripts/make-upgrade-fixtures.sh wrote the fixtures
/// with it), opened by this build: each engine's numbered migration runs on the first start, every place comes
/// through with no tags and, for a place visited before, a visit date of null (unknown), and the store then takes
/// tags and dates like a new one.
@Suite("Upgrading stores of the release before tags", .serialized)
struct UpgradeTests {
    /// The fixtures' directory.
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/upgrade").path

    /// A copy of the fixture `name` in `directory`, writable, as a store's file is.
    private static func copy(_ name: String, to directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: path)
        chmod(path, 0o600)
        return path
    }

    /// What the old release wrote, as this build serves it, then a tag, a visit date and a reopening.
    private static func expectUpgraded(_ daemon: DaemonProcess) throws {
        let client = try daemon.connect()
        let places = try #require(client.list()["places"]?.array)
        #expect(places.map { $0["name"] } == ["Eiffel Tower", "Zürich HB", "Colosseum"], "\(places)")
        #expect(places.map { $0["visited"] } == [false, true, true])
        #expect(places.allSatisfy { $0["tags"] == [] && $0["visitedAt"] == .null }, "\(places)")
        #expect(places[0]["description"] == "Iron lady")
        #expect(try client.result("places.tags")["tags"] == [])

        let id = try #require(places[2]["id"])
        let tagged = try client.result("places.update", ["id": id, "addTags": ["Rome"], "visitedAt": "2025-04-21"])
        #expect(tagged["tags"] == ["Rome"] && tagged["visitedAt"] == "2025-04-21T00:00:00.000Z", "\(tagged)")
        // The change log the old release wrote still reads back, with the new change after it.
        let history = try client.result("places.history", ["id": id])
        #expect(history["changes"]?.array?.count ?? history["entries"]?.array?.count ?? 0 >= 2, "\(history)")
        #expect(try daemon.stop() == .exited(0))
        try daemon.start(timeout: 60)
        let reopened = try daemon.connect().list(["tag": "rome"])
        #expect(reopened["places"]?[0]?["visitedAt"] == "2025-04-21T00:00:00.000Z", "\(reopened)")
    }

    @Test func aPlaintextSQLiteStoreIsUpgraded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.copy("plain.sqlite", to: directory)
        let daemon = try DaemonProcess(sharing: directory, databasePath: path)
        defer { daemon.shutdown() }
        try daemon.start()
        try Self.expectUpgraded(daemon)
    }

    @Test func aSealedSQLiteStoreIsUpgraded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.copy("sealed.sqlite", to: directory)
        let key = try Self.copy("sealed.key", to: directory)
        let daemon = try DaemonProcess(sharing: directory, databasePath: path, arguments: ["--key-file", key])
        defer { daemon.shutdown() }
        try daemon.start()
        try Self.expectUpgraded(daemon)
        try daemon.kill9()
        #expect(DiskScan.filesContaining("Rome", database: path).isEmpty, "the new tag is sealed")
    }

    @Test func aPostgreSQLStoreIsUpgraded() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        try cluster.psql(file: Self.fixtures + "/postgres.sql")
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "2")
        let daemon = try DaemonProcess(databasePath: cluster.uri)
        defer { daemon.shutdown() }
        try daemon.start(timeout: 60)
        #expect(try cluster.psql("SELECT schema_version FROM meta") == "4")
        try Self.expectUpgraded(daemon)
    }
}
