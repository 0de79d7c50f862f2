import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct MutationTests {
    let directory = TemporaryDirectory()

    @Test func addStampsVersionTimesAndRevisions() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let place = try store.perform(.add(draft("Eiffel Tower")), owner: 1000).place
        #expect(place.name == "Eiffel Tower")
        #expect(place.description == "about Eiffel Tower")
        #expect(place.owner == 1000)
        #expect(place.version == 1)
        #expect(place.createdAt == place.updatedAt)
        let snapshot = store.snapshot()
        #expect(snapshot.place(place.id) == place)
        #expect(snapshot.revision == 1)
        #expect(snapshot.revision(of: 1000) == 1)
        #expect(snapshot.revision(of: 1001) == 0)
        #expect(snapshot.count == 1)
        #expect(snapshot.count(of: 1000) == 1)
        #expect(snapshot.owners == [1000])
    }

    @Test func updateChangesFieldsVersionAndUpdatedAt() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let patch = try PlacePatch(description: "Mona Lisa", isVisited: true)
        let updated = try store.perform(.update(added.id, patch, ifVersion: nil), owner: 1000).place
        #expect(updated.name == "Louvre")
        #expect(updated.description == "Mona Lisa")
        #expect(updated.isVisited)
        #expect(updated.version == 2)
        #expect(updated.createdAt == added.createdAt)
        #expect(updated.updatedAt > added.updatedAt)
        #expect(store.snapshot().place(added.id) == updated)
        #expect(store.snapshot().revision(of: 1000) == 2)
        #expect(store.snapshot().revision == 2)
    }

    @Test func updateThatChangesNothingKeepsEverything() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let transactions = store.committedTransactionCount
        let outcome = try store.perform(.update(added.id, rename("Louvre"), ifVersion: 1), owner: 1000)
        #expect(outcome == .updated(added))
        #expect(store.snapshot().revision == 1)
        #expect(store.snapshot().revision(of: 1000) == 1)
        #expect(store.committedTransactionCount == transactions)
    }

    @Test func removeReturnsThePlaceAsItWas() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let outcome = try store.perform(.remove(added.id, ifVersion: nil), owner: 1000)
        #expect(outcome == .removed(added))
        let snapshot = store.snapshot()
        #expect(snapshot.place(added.id) == nil)
        #expect(snapshot.count == 0)
        #expect(snapshot.places(of: 1000).isEmpty)
        #expect(snapshot.owners.isEmpty)
        #expect(snapshot.revision(of: 1000) == 2)
        #expect(throws: StoreError.notFound(added.id)) {
            try store.perform(.remove(added.id, ifVersion: nil), owner: 1000)
        }
    }

    @Test func newPlacesGoLastAndRemovalKeepsOrder() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let names = ["a", "b", "c", "d", "e"]
        let ids = try names.map { try store.perform(.add(draft($0)), owner: 7).place.id }
        _ = try store.perform(.remove(ids[1], ifVersion: nil), owner: 7)
        _ = try store.perform(.remove(ids[4], ifVersion: nil), owner: 7)
        _ = try store.perform(.add(draft("f")), owner: 7)
        let snapshot = store.snapshot()
        #expect(snapshot.places(of: 7).map(\.name) == ["a", "c", "d", "f"])
        #expect(snapshot.index(of: ids[3]) == 2)
        #expect(snapshot.index(of: ids[1]) == nil)
    }

    @Test func anotherOwnersPlaceIsNotFound() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let mine = try store.perform(.add(draft("mine")), owner: 1000).place
        #expect(throws: StoreError.notFound(mine.id)) {
            try store.perform(.update(mine.id, rename("theirs"), ifVersion: nil), owner: 1001)
        }
        #expect(throws: StoreError.notFound(mine.id)) {
            try store.perform(.remove(mine.id, ifVersion: nil), owner: 1001)
        }
        let unknown = PlaceID.random()
        #expect(throws: StoreError.notFound(unknown)) {
            try store.perform(.update(unknown, rename("x"), ifVersion: nil), owner: 1000)
        }
        #expect(store.snapshot().place(mine.id) == mine)
        #expect(store.snapshot().revision(of: 1001) == 0)
        #expect(store.snapshot().revision == 1)
    }

    @Test(arguments: [Int64(0), 2, 7])
    func staleVersionIsAConflict(ifVersion: Int64) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        #expect(throws: StoreError.conflict(currentVersion: 1)) {
            try store.perform(.update(added.id, rename("Orsay"), ifVersion: ifVersion), owner: 1000)
        }
        #expect(throws: StoreError.conflict(currentVersion: 1)) {
            try store.perform(.remove(added.id, ifVersion: ifVersion), owner: 1000)
        }
        // A matching version goes through.
        let updated = try store.perform(.update(added.id, rename("Orsay"), ifVersion: 1), owner: 1000).place
        #expect(updated.version == 2)
        _ = try store.perform(.remove(added.id, ifVersion: 2), owner: 1000)
        #expect(store.snapshot().revision(of: 1000) == 3)
    }

    @Test func revisionsCountPerOwnerAndStoreWide() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let a = try store.perform(.add(draft("a")), owner: 1).place
        _ = try store.perform(.add(draft("b")), owner: 2)
        _ = try store.perform(.update(a.id, rename("a2"), ifVersion: nil), owner: 1)
        _ = try store.perform(.add(draft("c")), owner: 2)
        _ = try store.perform(.remove(a.id, ifVersion: nil), owner: 1)
        let snapshot = store.snapshot()
        #expect(snapshot.revision(of: 1) == 3)
        #expect(snapshot.revision(of: 2) == 2)
        #expect(snapshot.revision == 5)
        #expect(snapshot.owners == [2])
    }

    @Test func ownerLimitRefusesTheNextAdd() throws {
        var options = OpeningOptions()
        options.maximumPlacesPerOwner = 2
        let store = try openStore(directory.file("places.sqlite"), options: options)
        defer { store.close() }
        _ = try store.perform(.add(draft("a")), owner: 1)
        let b = try store.perform(.add(draft("b")), owner: 1).place
        #expect(throws: StoreError.limitReached("too many places for uid 1: the limit is 2")) {
            try store.perform(.add(draft("c")), owner: 1)
        }
        _ = try store.perform(.add(draft("other")), owner: 2)
        _ = try store.perform(.remove(b.id, ifVersion: nil), owner: 1)
        _ = try store.perform(.add(draft("c")), owner: 1)
        #expect(store.snapshot().places(of: 1).map(\.name) == ["a", "c"])
    }

    @Test func snapshotsAreImmutable() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let a = try store.perform(.add(draft("a")), owner: 1).place
        let before = store.snapshot()
        _ = try store.perform(.update(a.id, rename("changed"), ifVersion: nil), owner: 1)
        _ = try store.perform(.add(draft("b")), owner: 1)
        _ = try store.perform(.add(draft("x")), owner: 2)
        #expect(Array(before.places(of: 1)) == [a])
        #expect(before.place(a.id) == a)
        #expect(before.count == 1)
        #expect(before.owners == [1])
        #expect(store.snapshot().places(of: 1).map(\.name) == ["changed", "b"])
    }

    @Test func allPlacesAreOrderedByOwnerThenList() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        for (owner, name) in [(UInt32(5), "e1"), (2, "b1"), (5, "e2"), (0, "root"), (2, "b2")] {
            _ = try store.perform(.add(draft(name)), owner: owner)
        }
        let snapshot = store.snapshot()
        #expect(snapshot.owners == [0, 2, 5])
        #expect(snapshot.allPlaces().map(\.name) == ["root", "b1", "b2", "e1", "e2"])
    }

    @Test func submitAfterCloseFails() throws {
        let store = try openStore(directory.file("places.sqlite"))
        _ = try store.perform(.add(draft("a")), owner: 1)
        store.close()
        store.close()
        #expect(throws: StoreError.closed) { try store.perform(.add(draft("b")), owner: 1) }
        #expect(store.snapshot().count == 1)
    }

    @Test func laterMutationsInABatchSeeEarlierOnes() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let seed = try store.perform(.add(draft("seed")), owner: 1).place
        // Queue several dependent mutations back to back, so they land in as few batches as the writer allows.
        let results = Results()
        store.submit(.update(seed.id, rename("one"), ifVersion: 1), owner: 1) { results.append($0) }
        store.submit(.update(seed.id, rename("two"), ifVersion: 2), owner: 1) { results.append($0) }
        store.submit(.update(seed.id, rename("stale"), ifVersion: 2), owner: 1) { results.append($0) }
        store.submit(.remove(seed.id, ifVersion: 3), owner: 1) { results.append($0) }
        let outcomes = results.wait(for: 4)
        #expect(outcomes[0].map(\.place.name) == .success("one"))
        #expect(outcomes[1].map(\.place.name) == .success("two"))
        #expect(outcomes[2].map(\.place.name) == .failure(.conflict(currentVersion: 3)))
        #expect(outcomes[3].map(\.place.version) == .success(3))
        #expect(store.snapshot().count == 0)
        #expect(store.snapshot().revision(of: 1) == 4)
    }

    @Test func aCommitCopiesOnlyTheOwnersItChanged() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let results = Results()
        for index in 0..<10_000 {
            store.submit(.add(draft("p\(index)")), owner: UInt32(index % 2)) { results.append($0) }
        }
        _ = results.wait(for: 10_000)
        let before = store.snapshot()
        _ = try store.perform(.add(draft("one more")), owner: 0)
        let after = store.snapshot()
        #expect(after.count(of: 0) == 5_001)
        // Owner 1's list is the very same storage in both snapshots: nothing of it was copied.
        let untouched = after.places(of: 1)
        #expect(untouched.sharedLeafCount(with: before.places(of: 1)) == untouched.leafCount)
        // Owner 0's list copied its last leaf only.
        let changed = after.places(of: 0)
        #expect(changed.leafCount > 10)
        #expect(changed.sharedLeafCount(with: before.places(of: 0)) == changed.leafCount - 1)
        // Reading a list hands out the stored tree, not a copy.
        #expect(changed.sharedLeafCount(with: after.places(of: 0)) == changed.leafCount)
    }
}
