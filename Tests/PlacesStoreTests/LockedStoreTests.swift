import PlacesModel
import PlacesPersistence
import Synchronization
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct LockedStoreTests {
    let directory = TemporaryDirectory()

    /// Makes a store sealed with key 1 holding `count` places of owner 1 and one of owner 2; returns its contents.
    private func makeSealedStore(at path: String, count: Int = 3) throws -> StoreContents {
        let store = try openStore(path, options: options(key: fixedKey(1)))
        defer { store.close() }
        for index in 0..<count {
            _ = try store.perform(.add(SecretPlace(index).draft), owner: 1)
        }
        _ = try store.perform(.add(draft("other")), owner: 2)
        return StoreContents(store.snapshot())
    }

    private func unlock(_ store: PlaceStore, with key: StoreKey) -> Result<Void, StoreError> {
        let waiter = ResultBox<Void>()
        store.unlock(with: key) { waiter.fulfil($0) }
        return waiter.wait()
    }

    @Test func sealedStoreOpenedWithoutAKeyIsLockedUntilUnlocked() throws {
        let path = directory.file("places.sqlite")
        let contents = try makeSealedStore(at: path)
        let store = try openStore(path)
        defer { store.close() }
        let events = Mutex(0)
        store.setChangeObserver { _ in events.withLock { $0 += 1 } }

        #expect(store.isEncrypted)
        let locked = store.snapshot()
        #expect(locked.isLocked)
        #expect(locked.count == 0 && locked.owners.isEmpty && locked.allPlaces().isEmpty)

        let anyID = contents.owners[1]!.places[0].id
        let mutations: [Mutation] = [
            .add(draft("new")), .update(anyID, rename("x"), ifVersion: nil), .remove(anyID, ifVersion: nil),
            .move(anyID, toIndex: 0, ifVersion: nil), .importPlaces([PlaceImport(id: nil, draft: draft("i"))]),
        ]
        for mutation in mutations {
            #expect(throws: StoreError.locked) { try store.perform(mutation, owner: 1) }
        }
        #expect(StoreError.locked.description == "the store is locked: unlock it with its key")

        guard case .failure(.wrongKey(path)) = unlock(store, with: fixedKey(2)) else {
            Issue.record("a wrong key unlocked the store")
            return
        }
        #expect(store.snapshot().isLocked)
        #expect(throws: StoreError.locked) { try store.perform(.add(draft("new")), owner: 1) }

        #expect(throws: Never.self) { try unlock(store, with: fixedKey(1)).get() }
        let unlocked = store.snapshot()
        #expect(!unlocked.isLocked)
        #expect(StoreContents(unlocked) == contents)
        #expect(events.withLock { $0 } == 0)

        // Unlocked: its own key again is fine, another key is not, and writes are sealed.
        #expect(throws: Never.self) { try unlock(store, with: fixedKey(1)).get() }
        guard case .failure(.wrongKey(path)) = unlock(store, with: fixedKey(3)) else {
            Issue.record("another key was accepted by an unlocked store")
            return
        }
        let added = try store.perform(.add(SecretPlace(7).draft), owner: 1).place
        #expect(events.withLock { $0 } == 1)
        store.close()
        #expect(leaks(of: [SecretPlace(7)], in: path).isEmpty)
        let reopened = try openStore(path, options: options(key: fixedKey(1)))
        defer { reopened.close() }
        #expect(reopened.snapshot().place(added.id) == added)
    }

    @Test func unlockingAPlaintextStoreFails() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        #expect(!store.isEncrypted)
        guard case .failure(.notEncrypted) = unlock(store, with: fixedKey(1)) else {
            Issue.record("a plaintext store was unlocked")
            return
        }
        #expect(StoreError.notEncrypted.description == "the store is not encrypted")
    }

    @Test func largeLockedStoreUnlocksWithEveryPlace() throws {
        // More rows than one batch of the parallel opening, with several batches in flight.
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(1)))
        let imports = (0..<(SealedRowOpener.batchSize * 3 + 17)).map { index in
            PlaceImport(id: nil, draft: draft("p\(index)", latitude: Double(index % 90), longitude: 1))
        }
        _ = try store.perform(.importPlaces(imports), owner: 1)
        _ = try store.perform(.importPlaces(Array(imports.prefix(100))), owner: 2)
        let contents = StoreContents(store.snapshot())
        store.close()

        let locked = try openStore(path)
        defer { locked.close() }
        #expect(throws: Never.self) { try unlock(locked, with: fixedKey(1)).get() }
        #expect(StoreContents(locked.snapshot()) == contents)
        let nearest = locked.snapshot().nearest(
            to: Coordinate(latitude: 45, longitude: 1), owner: 1, radius: nil, limit: 1)
        #expect(nearest.map(\.place.name) == ["p45"])
    }
}
