import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Searches the raw bytes of the database file, its WAL and shared-memory file for every name, description and a
/// distinctive coordinate of the places: a sealed store must never hold any of them, however the places got there.
@Suite struct PlaintextLeakTests {
    let directory = TemporaryDirectory()
    let places = (0..<40).map(SecretPlace.init)

    /// Adds every place to `store`, updates some, moves some and removes some; returns the ids in adding order.
    @discardableResult
    private func exercise(_ store: PlaceStore) throws -> [PlaceID] {
        var ids: [PlaceID] = []
        for (index, place) in places.enumerated() {
            ids.append(try store.perform(.add(place.draft), owner: UserID(index % 3 + 1)).place.id)
        }
        for index in stride(from: 0, to: ids.count, by: 4) {
            let patch = try PlacePatch(
                name: places[index].name + "-renamed", description: places[index].description + " (edited)",
                latitude: places[index].latitude + 0.5)
            _ = try store.perform(.update(ids[index], patch, ifVersion: nil), owner: UserID(index % 3 + 1))
        }
        for index in stride(from: 1, to: ids.count, by: 5) {
            _ = try store.perform(.move(ids[index], toIndex: 0, ifVersion: nil), owner: UserID(index % 3 + 1))
        }
        for index in stride(from: 2, to: ids.count, by: 3) {
            _ = try store.perform(.remove(ids[index], ifVersion: nil), owner: UserID(index % 3 + 1))
        }
        return ids
    }

    @Test func plaintextStoreHoldsThePlacesSoTheScanCanFindThem() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        try exercise(store)
        // Removed places stay in the file's free space, too.
        #expect(leaks(of: [places[2], places[5]], in: path).count >= 2)
        store.close()
        #expect(leaks(of: places, in: path).count >= places.count)
    }

    @Test func sealedStoreNeverHoldsThePlaces() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(1)))
        try exercise(store)
        // While open, with the changes still in the WAL.
        #expect(leaks(of: places, in: path) == [])
        store.close()
        #expect(leaks(of: places, in: path) == [])
    }

    @Test func convertedStoreKeepsNoPlaintext() throws {
        let path = directory.file("places.sqlite")
        let removed = (100..<130).map(SecretPlace.init)
        let store = try openStore(path)
        try exercise(store)
        store.close()
        // As an SQLite built without secure delete leaves them (Debian's deletes securely by default): rows removed
        // with their bytes left in free space, whole pages of long descriptions left on the free list as they were.
        try withDatabase(at: path) { connection in
            try connection.execute("PRAGMA secure_delete = OFF")
            for (index, place) in removed.enumerated() {
                let description = String(repeating: place.description, count: 20)
                try connection.execute(
                    """
                    INSERT INTO places (id, owner, position, name, description, latitude, longitude, visited, version,
                        created_at, updated_at)
                    VALUES (randomblob(16), 4, \(index), '\(place.name)', '\(description)', \(place.latitude), 1, 0, 1,
                        0, 0)
                    """)
            }
            try connection.execute("DELETE FROM places WHERE owner = 4")
        }
        do {
            // Leave changes in the WAL too: the store checkpoints only on close.
            let again = try openStore(path)
            defer { again.close() }
            _ = try again.perform(.add(places[0].draft), owner: 9)
        }
        #expect(!leaks(of: places, in: path).isEmpty)
        #expect(leaks(of: removed, in: path).count >= removed.count)
        let sealed = try openStore(path, options: options(key: fixedKey(2)))
        #expect(leaks(of: places + removed, in: path) == [])
        _ = try sealed.perform(.add(places[1].draft), owner: 9)
        #expect(leaks(of: places + removed, in: path) == [])
        sealed.close()
        #expect(leaks(of: places + removed, in: path) == [])
    }

    @Test func rekeyLeavesNeitherPlaintextNorOldCiphertext() throws {
        let path = directory.file("places.sqlite")
        do {
            let store = try openStore(path, options: options(key: fixedKey(1)))
            defer { store.close() }
            try exercise(store)
        }
        // The first 32 bytes of each value sealed with the old key: nonce and start of the ciphertext.
        let oldValues = try sealedValues(at: path).values.compactMap { $0 }
        #expect(!oldValues.isEmpty)
        let oldNeedles = oldValues.enumerated().map {
            (what: "old sealed value \($0.offset)", bytes: Array($0.element.prefix(32)))
        }
        #expect(leaks(oldNeedles, in: path).count == oldValues.count)

        try rekey(path, from: fixedKey(1), to: fixedKey(2))
        #expect(leaks(of: places, in: path) == [])
        #expect(leaks(oldNeedles, in: path) == [])
        let store = try openStore(path, options: options(key: fixedKey(2)))
        defer { store.close() }
        #expect(store.snapshot().count == places.count - places.indices.filter { $0 % 3 == 2 }.count)
    }
}
