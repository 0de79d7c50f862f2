import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct PersistenceTests {
    let directory = TemporaryDirectory()

    @Test func placesOrderAndRevisionsSurviveReopening() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        let a = try store.perform(.add(draft("a", latitude: -33.5, longitude: 151.25)), owner: 1).place
        let b = try store.perform(.add(draft("b")), owner: 1).place
        _ = try store.perform(.add(draft("c")), owner: 1)
        let other = try store.perform(.add(draft("other")), owner: 2).place
        let patch = try PlacePatch(description: "line one\nline two\tand émoji 🗼", isVisited: true)
        _ = try store.perform(.update(a.id, patch, ifVersion: 1), owner: 1)
        _ = try store.perform(.remove(b.id, ifVersion: nil), owner: 1)
        _ = try store.perform(.remove(other.id, ifVersion: nil), owner: 2)
        let before = store.snapshot()
        store.close()

        let reopened = try openStore(path)
        defer { reopened.close() }
        let after = reopened.snapshot()
        #expect(after.revision == 7)
        #expect(after.revision(of: 1) == 5)
        #expect(after.revision(of: 2) == 2)
        #expect(after.owners == [1])
        #expect(after.count == 2)
        #expect(after.allPlaces() == before.allPlaces())
        #expect(after.places(of: 1).map(\.name) == ["a", "c"])
        #expect(after.place(a.id)?.description == "line one\nline two\tand émoji 🗼")
        #expect(after.place(a.id)?.coordinate == Coordinate(latitude: -33.5, longitude: 151.25))
        #expect(after.place(a.id)?.version == 2)

        // Counting goes on from the persisted values, and new places still go last.
        let d = try reopened.perform(.add(draft("d")), owner: 1).place
        #expect(reopened.snapshot().places(of: 1).last == d)
        #expect(reopened.snapshot().revision == 8)
        #expect(reopened.snapshot().revision(of: 1) == 6)
        #expect(reopened.snapshot().revision(of: 2) == 2)
    }

    @Test func emptyStringsAndExtremeValuesRoundTrip() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        let draft = try PlaceDraft(
            name: String(repeating: "n", count: 200), description: "", latitude: -90, longitude: 180, isVisited: true)
        let place = try store.perform(.add(draft), owner: UInt32.max).place
        store.close()
        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().place(place.id) == place)
        #expect(reopened.snapshot().owners == [UInt32.max])
    }

    /// A store large enough to be read in two halves side by side, with every field set in some places (tags, a
    /// visit date, a description) and not in others, comes back with each place equal to what was stored, in its
    /// order, and with as many places under each tag. Loading maps the file instead of reading it, but not for a
    /// store routed through a test's VFS (`routed`): a read failure injected there still stops the loading.
    @Test(arguments: [false, true])
    func aStoreReadInTwoHalvesKeepsEveryField(routed: Bool) throws {
        let path = directory.file("places.sqlite")
        let faults = FaultInjection()
        let options = OpeningOptions(faultHook: routed ? faults : nil)
        let store = try openStore(path, options: options)
        let count = StateLoader.splitThreshold + 2_000
        let imports = try (0..<count).map { number throws(ValidationError) in
            let visitedAt = Timestamp(millisecondsSinceEpoch: 1_700_000_000_000 + Int64(number))
            return PlaceImport(
                id: nil,
                draft: try PlaceDraft(
                    name: "Place \(number)", description: number % 3 == 0 ? "about place \(number), é" : "",
                    latitude: Double(number % 180) - 89.5, longitude: Double(number % 360) - 179.5,
                    visitedAt: number % 4 == 0 ? visitedAt : nil,
                    tags: number % 5 == 0 ? [] : ["tag-\(number % 7)", "Other \(number % 3)"]))
        }
        _ = try store.perform(.importPlaces(imports), owner: 1)
        let before = store.snapshot()
        store.close()

        let reopened = try openStore(path, options: options)
        let after = reopened.snapshot()
        reopened.close()
        #expect(after.count == count)
        #expect(Array(after.allPlaces()) == Array(before.allPlaces()))
        #expect(after.allPlaces().contains { $0.visitedAt != nil && !$0.tags.isEmpty && !$0.description.isEmpty })
        #expect(after.tagCounts(of: 1).map(\.tag) == before.tagCounts(of: 1).map(\.tag))
        #expect(after.tagCounts(of: 1).map(\.count) == before.tagCounts(of: 1).map(\.count))
        if routed {
            // Well into the scans: the file has over a thousand pages.
            faults.failStorage(.readFails(.database), at: .fromCall(200))
            #expect(throws: StoreError.self) { try openStore(path, options: options).close() }
            #expect(faults.injectedStorageFaultCount > 0)
        }
    }

    @Test func newDatabaseGetsTheSchemaAndMarkers() throws {
        let path = directory.file("nested/dirs/places.sqlite")
        try openStore(path).close()
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        defer { connection.close() }
        #expect(try connection.integer("PRAGMA application_id") == 0x504C_4344)
        #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        #expect(try connection.texts("PRAGMA journal_mode") == ["wal"])
        #expect(try connection.integer("SELECT schema_version FROM meta") == Schema.latestVersion)
        #expect(try connection.texts("SELECT application FROM meta") == ["placesd"])
        #expect(try connection.integer("SELECT revision FROM meta") == 0)
        #expect(
            try connection.texts("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
                == ["changes", "meta", "owners", "places"])
    }

    @Test func emptyExistingFileIsInitialised() throws {
        let path = directory.file("places.sqlite")
        #expect(FileManagerShim.createEmptyFile(at: path))
        let store = try openStore(path)
        defer { store.close() }
        _ = try store.perform(.add(draft("a")), owner: 1)
        #expect(store.snapshot().count == 1)
    }

    @Test func migratorAppliesOnlyNewStepsInOrder() throws {
        let path = directory.file("migrate.sqlite")
        let first = Migrator(migrations: Array(Schema.migrations.prefix(1)))
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { connection.close() }
        #expect(try first.migrate(connection) == 1)
        #expect(try first.migrate(connection) == 1)  // nothing to do the second time

        let second = Migration(version: 2, statements: ["ALTER TABLE places ADD COLUMN note TEXT NOT NULL DEFAULT ''"])
        #expect(try Migrator(migrations: Schema.migrations.prefix(1) + [second]).migrate(connection) == 2)
        #expect(try connection.integer("PRAGMA user_version") == 2)
        #expect(try connection.integer("SELECT schema_version FROM meta") == 2)
        #expect(try connection.integer("SELECT count(*) FROM pragma_table_info('places') WHERE name = 'note'") == 1)
    }

    @Test func failedMigrationChangesNothing() throws {
        let path = directory.file("migrate.sqlite")
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { connection.close() }
        try Migrator(migrations: Array(Schema.migrations.prefix(1))).migrate(connection)
        let broken = [
            Migration(version: 2, statements: ["CREATE TABLE extra (x INTEGER)"]),
            Migration(version: 3, statements: ["THIS IS NOT SQL"]),
        ]
        #expect(throws: SQLiteError.self) {
            try Migrator(migrations: Schema.migrations.prefix(1) + broken).migrate(connection)
        }
        #expect(try connection.integer("PRAGMA user_version") == 1)
        #expect(try connection.integer("SELECT schema_version FROM meta") == 1)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
    }

    @Test func loadingOrdersEachListByPosition() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        for name in ["a", "b", "c", "d"] {
            _ = try store.perform(.add(draft(name)), owner: 1)
        }
        _ = try store.perform(.add(draft("x")), owner: 2)
        store.close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("UPDATE places SET position = 2305843009213693952 - rowid * 1000 WHERE owner = 1")
        connection.close()

        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(reopened.snapshot().places(of: 1).map(\.name) == ["d", "c", "b", "a"])
        let e = try reopened.perform(.add(draft("e")), owner: 1).place
        #expect(reopened.snapshot().places(of: 1).map(\.name) == ["d", "c", "b", "a", "e"])
        #expect(reopened.snapshot().index(of: e.id) == 4)
    }

    @Test func sharedPositionsAreRefused() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        _ = try store.perform(.add(draft("a")), owner: 1)
        _ = try store.perform(.add(draft("b")), owner: 1)
        store.close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("UPDATE places SET position = 5")
        connection.close()
        #expect(throws: StoreError.cannotOpen(path: path, reason: "two places of uid 1 share position 5")) {
            try openStore(path)
        }
    }

    @Test func positionsOutsideTheRangeAreRefused() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        _ = try store.perform(.add(draft("a")), owner: 1)
        store.close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("UPDATE places SET position = -5")
        connection.close()
        #expect(throws: StoreError.cannotOpen(path: path, reason: "a place of uid 1 has a position out of range")) {
            try openStore(path)
        }
    }
}
