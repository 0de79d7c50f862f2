import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct EncryptionTests {
    let directory = TemporaryDirectory()

    /// Fills a store with places of two owners, changed in every way a mutation can change them.
    private func fill(_ store: PlaceStore) throws {
        let a = try store.perform(.add(SecretPlace(0).draft), owner: 1).place
        let b = try store.perform(.add(SecretPlace(1).draft), owner: 1).place
        _ = try store.perform(.add(SecretPlace(2).draft), owner: 1)
        let c = try store.perform(.add(SecretPlace(3).draft), owner: 2).place
        let unicode = try PlaceDraft(
            name: "Café 🗼 " + String(repeating: "é", count: 150), description: String(repeating: "ü", count: 5_000),
            latitude: -90, longitude: 180, isVisited: true)
        _ = try store.perform(.add(unicode), owner: UInt32.max)
        _ = try store.perform(.update(a.id, try PlacePatch(description: "", isVisited: true), ifVersion: 1), owner: 1)
        _ = try store.perform(.move(b.id, toIndex: 0, ifVersion: nil), owner: 1)
        _ = try store.perform(.remove(c.id, ifVersion: nil), owner: 2)
        _ = try store.perform(.add(SecretPlace(4).draft), owner: 2)
    }

    @Test func sealedStoreRoundTrips() throws {
        let path = directory.file("places.sqlite")
        let key = fixedKey(7)
        let store = try openStore(path, options: options(key: key))
        #expect(store.isEncrypted)
        #expect(!store.snapshot().isLocked)
        try fill(store)
        let before = StoreContents(store.snapshot())
        store.close()

        let reopened = try openStore(path, options: options(key: fixedKey(7)))
        defer { reopened.close() }
        #expect(reopened.isEncrypted)
        #expect(!reopened.snapshot().isLocked)
        #expect(StoreContents(reopened.snapshot()) == before)
        // Every row is sealed, with nothing in the plaintext columns.
        let rows = try withDatabase(at: path) { connection in
            try connection.texts(
                "SELECT count(*) || ' ' || sum(sealed IS NULL) || ' ' || sum(name != '' OR description != '' "
                    + "OR latitude != 0 OR longitude != 0) FROM places")
        }
        #expect(rows == ["5 0 0"])
    }

    @Test func newStoreOpenedWithAKeyIsSealed() throws {
        let path = directory.file("new/places.sqlite")
        try openStore(path, options: options(key: fixedKey(1))).close()
        let keyCheck = try withDatabase(at: path) { try StoreSealing.keyCheck(of: $0) }
        #expect(keyCheck?.count == KeyCheck.count)
        #expect(throws: StoreError.wrongKey(path: path)) { try openStore(path, options: options(key: fixedKey(2))) }
        let locked = try openStore(path)
        defer { locked.close() }
        #expect(locked.isEncrypted)
        #expect(locked.snapshot().isLocked)
    }

    @Test func plaintextStoreIsSealedInPlaceKeepingEverything() throws {
        let path = directory.file("places.sqlite")
        let plain = try openStore(path)
        #expect(!plain.isEncrypted)
        try fill(plain)
        let before = StoreContents(plain.snapshot())
        plain.close()
        let layout = try rowLayout(at: path)

        let sealed = try openStore(path, options: options(key: fixedKey(3)))
        #expect(sealed.isEncrypted)
        #expect(StoreContents(sealed.snapshot()) == before)
        // Writes go on from the converted state.
        let added = try sealed.perform(.add(SecretPlace(9).draft), owner: 1).place
        sealed.close()
        #expect(try rowLayout(at: path).dropLast() == layout[...])
        #expect(try sealedValues(at: path).values.allSatisfy { $0 != nil })

        let reopened = try openStore(path, options: options(key: fixedKey(3)))
        defer { reopened.close() }
        #expect(reopened.snapshot().place(added.id) == added)
        #expect(reopened.snapshot().revision == before.revision + 1)
        #expect(Array(reopened.snapshot().places(of: 1).dropLast()) == before.owners[1]?.places)
    }

    @Test(arguments: [false, true])
    func versionThreeDatabaseIsMigrated(withKey: Bool) throws {
        let path = directory.file("places.sqlite")
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.execute("PRAGMA journal_mode = WAL")
        try Migrator(migrations: Array(Schema.migrations.prefix(3))).migrate(connection)
        try connection.execute(
            """
            INSERT INTO places (id, owner, position, name, description, latitude, longitude, visited, version,
                created_at, updated_at)
            VALUES (X'0000000000004000800000000000000A', 1, 2305843009213693952, 'old', 'kept', 1.5, 2.5, 0, 1, 5, 5);
            INSERT INTO owners VALUES (1, 1);
            UPDATE meta SET revision = 1;
            """)
        connection.close()
        do {
            let store = try openStore(path, options: options(key: withKey ? fixedKey(4) : nil))
            defer { store.close() }
            #expect(store.isEncrypted == withKey)
            let place = store.snapshot().place(PlaceID(high: 0x4000, low: 0x8000_0000_0000_000A))
            #expect(place?.name == "old")
            #expect(place?.description == "kept")
            #expect(place?.coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
            #expect(store.snapshot().revision == 1)
        }
        let (version, keyCheck) = try withDatabase(at: path) { connection in
            (try connection.integer("PRAGMA user_version"), try StoreSealing.keyCheck(of: connection))
        }
        #expect(version == Schema.latestVersion)
        #expect((keyCheck != nil) == withKey)
        #expect(try sealedValues(at: path).values.allSatisfy { ($0 != nil) == withKey })
    }

    @Test func storeSealedWithAnotherKeyIsRefusedUnchanged() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(5)))
        try fill(store)
        store.close()
        let before = bytes(of: path)
        let error = #expect(throws: StoreError.self) { try openStore(path, options: options(key: fixedKey(6))) }
        #expect(error == .wrongKey(path: path))
        #expect(error?.description == "database '\(path)' is sealed with a different key")
        #expect(bytes(of: path) == before)
        // The lock was released: the right key still opens it.
        try openStore(path, options: options(key: fixedKey(5))).close()
    }

    @Test func tamperedCiphertextIsRefusedNamingTheFile() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(8)))
        let place = try store.perform(.add(SecretPlace(0).draft), owner: 1).place
        _ = try store.perform(.add(SecretPlace(1).draft), owner: 1)
        store.close()
        try withDatabase(at: path) { connection in
            let read = try connection.prepare("SELECT rowid, sealed FROM places ORDER BY rowid LIMIT 1")
            _ = try read.step()
            let row = read.int64(at: 0)
            var sealed = read.bytes(at: 1)!
            read.reset()
            sealed[PlaceCipher.nonceCount + 3] ^= 0x01
            let write = try connection.prepare("UPDATE places SET sealed = ?2 WHERE rowid = ?1")
            write.bind(row, at: 1)
            write.bind(blob: sealed, at: 2)
            try write.run()
        }
        let before = bytes(of: path)
        let error = #expect(throws: StoreError.self) { try openStore(path, options: options(key: fixedKey(8))) }
        guard case .cannotOpen(let reportedPath, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path)
        #expect(reason.contains("'\(place.id)'") && reason.contains("damaged"))
        #expect(error?.description.contains(path) == true)
        #expect(bytes(of: path) == before)

        // Locked, it opens; unlocking then fails the same way and leaves it locked.
        let locked = try openStore(path)
        defer { locked.close() }
        let unlocked = ResultBox<Void>()
        locked.unlock(with: fixedKey(8)) { unlocked.fulfil($0) }
        guard case .failure(.cannotOpen(path, _)) = unlocked.wait() else {
            Issue.record("unlocking a damaged store did not fail")
            return
        }
        #expect(locked.snapshot().isLocked)
    }

    @Test(arguments: ["copied to another place", "moved to another owner"])
    func sealedValueOnlyOpensInItsOwnRow(_ change: String) throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(9)))
        _ = try store.perform(.add(SecretPlace(0).draft), owner: 1)
        _ = try store.perform(.add(SecretPlace(1).draft), owner: 1)
        store.close()
        try withDatabase(at: path) { connection in
            if change == "copied to another place" {
                try connection.execute(
                    """
                    UPDATE places SET sealed = (SELECT sealed FROM places ORDER BY rowid LIMIT 1)
                    WHERE rowid = (SELECT max(rowid) FROM places)
                    """)
            } else {
                try connection.execute("UPDATE places SET owner = 2 WHERE rowid = (SELECT max(rowid) FROM places)")
            }
        }
        let error = #expect(throws: StoreError.self) { try openStore(path, options: options(key: fixedKey(9))) }
        guard case .cannotOpen(path, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("damaged"))
    }

    @Test func mixedRowsAreRefused() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(10)))
        _ = try store.perform(.add(SecretPlace(0).draft), owner: 1)
        store.close()
        try withDatabase(at: path) { try $0.execute("UPDATE places SET sealed = NULL, name = 'plain'") }
        let error = #expect(throws: StoreError.self) { try openStore(path, options: options(key: fixedKey(10))) }
        guard case .cannotOpen(path, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("is not sealed in a sealed store"))
    }
}
