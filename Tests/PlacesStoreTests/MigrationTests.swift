import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct MigrationTests {
    let directory = TemporaryDirectory()

    @Test func versionOneDatabaseIsMigratedWithEverythingKept() throws {
        let path = directory.file("places.sqlite")
        try makeVersionOneDatabase(at: path)
        let a = PlaceID(high: 0x4000, low: 0x8000_0000_0000_000A)
        let b = PlaceID(high: 0x4000, low: 0x8000_0000_0000_000B)
        do {
            let store = try openStore(path)
            defer { store.close() }
            let snapshot = store.snapshot()
            #expect(snapshot.revision == 5)
            #expect(snapshot.revision(of: 1) == 4)
            #expect(snapshot.places(of: 1).map(\.name) == ["a", "b"])
            #expect(snapshot.places(of: 2).map(\.name) == ["c"])
            #expect(snapshot.place(b)?.description == "second")
            #expect(snapshot.place(b)?.isVisited == true)
            #expect(snapshot.place(b)?.version == 3)
            #expect(snapshot.place(b)?.coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
            #expect(snapshot.place(b)?.updatedAt == Timestamp(millisecondsSinceEpoch: 200))
            // Rows are found by their new rowids.
            _ = try store.perform(.update(a, rename("a2"), ifVersion: 1), owner: 1)
            _ = try store.perform(.remove(b, ifVersion: 3), owner: 1)
            _ = try store.perform(.add(draft("d")), owner: 1)
        }
        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().places(of: 1).map(\.name) == ["a2", "d"])
        #expect(reopened.snapshot().revision == 8)

        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        defer { connection.close() }
        #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'index'") == 0)
        #expect(try connection.integer("SELECT count(*) FROM pragma_table_info('places') WHERE name = 'rowid'") == 1)
    }

    @Test func rowsAreAddressedByRowidAcrossReopening() throws {
        let path = directory.file("places.sqlite")
        var ids: [PlaceID] = []
        do {
            let store = try openStore(path)
            defer { store.close() }
            for name in ["a", "b", "c", "d"] {
                ids.append(try store.perform(.add(draft(name)), owner: 1).place.id)
            }
            _ = try store.perform(.remove(ids[3], ifVersion: nil), owner: 1)
        }
        do {
            // The removed last row's rowid may be given again; nothing else may be overwritten.
            let store = try openStore(path)
            defer { store.close() }
            _ = try store.perform(.add(draft("e")), owner: 1)
            _ = try store.perform(.update(ids[1], rename("b2"), ifVersion: nil), owner: 1)
            _ = try store.perform(.remove(ids[0], ifVersion: nil), owner: 1)
        }
        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().places(of: 1).map(\.name) == ["b2", "c", "e"])
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        defer { connection.close() }
        #expect(try connection.texts("SELECT name FROM places ORDER BY rowid") == ["b2", "c", "e"])
    }
}

@Suite struct PositionMigrationTests {
    let directory = TemporaryDirectory()

    @Test func versionTwoPositionsAreSpreadKeepingEachOwnersOrder() throws {
        let path = directory.file("places.sqlite")
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
            defer { connection.close() }
            try connection.execute("PRAGMA journal_mode = WAL")
            try Migrator(migrations: Array(Schema.migrations.prefix(2))).migrate(connection)
            // Dense positions as version 2 gave them, rows not in list order, and a gap from a removal.
            try connection.execute(
                """
                INSERT INTO places (rowid, id, owner, position, name, description, latitude, longitude, visited,
                    version, created_at, updated_at) VALUES
                    (1, X'0000000000004000800000000000000B', 1, 1, 'b', '', 1, 1, 0, 1, 10, 10),
                    (2, X'0000000000004000800000000000000A', 1, 0, 'a', '', 2, 2, 0, 1, 10, 10),
                    (3, X'0000000000004000800000000000000D', 1, 5, 'd', '', 3, 3, 0, 1, 10, 10),
                    (4, X'0000000000004000800000000000000C', 2, 0, 'c', '', 4, 4, 0, 1, 10, 10);
                INSERT INTO owners VALUES (1, 4), (2, 1);
                UPDATE meta SET revision = 5;
                """)
        }
        do {
            let store = try openStore(path)
            defer { store.close() }
            let snapshot = store.snapshot()
            #expect(snapshot.places(of: 1).map(\.name) == ["a", "b", "d"])
            #expect(snapshot.places(of: 2).map(\.name) == ["c"])
            #expect(snapshot.revision == 5)
            let d = PlaceID(high: 0x4000, low: 0x8000_0000_0000_000D)
            _ = try store.perform(.move(d, toIndex: 1, ifVersion: 1), owner: 1)
            #expect(
                snapshot.nearest(to: Coordinate(latitude: 2.9, longitude: 2.9), owner: 1, radius: nil, limit: 1)
                    .map(\.place.name) == ["d"])
        }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        #expect(
            try connection.texts("SELECT name FROM places WHERE owner = 1 ORDER BY position") == ["a", "d", "b"])
        // The move wrote one row: the others keep the spread positions.
        let spread = [ListPositions.first, ListPositions.first + ListPositions.spacing]
        #expect(
            try connection.texts("SELECT position FROM places WHERE name IN ('a', 'b') ORDER BY name")
                == spread.map { "\($0)" })
        #expect(try connection.texts("SELECT position FROM places WHERE owner = 2") == ["\(ListPositions.first)"])
        connection.close()
        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().places(of: 1).map(\.name) == ["a", "d", "b"])
    }
}
