import PlacesModel
import PlacesPersistence
import Synchronization
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct MoveTests {
    let directory = TemporaryDirectory()

    /// Adds places named `names` to `owner`, in order.
    private func add(_ names: [String], to store: PlaceStore, owner: UserID = 1) throws -> [Place] {
        try names.map { try store.perform(.add(draft($0)), owner: owner).place }
    }

    private func names(_ store: PlaceStore, owner: UserID = 1) -> [String] {
        store.snapshot().places(of: owner).map(\.name)
    }

    @Test func moveReordersAndReportsTheNewIndex() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b", "c", "d", "e"], to: store)
        #expect(
            try store.perform(.move(places[4].id, toIndex: 0, ifVersion: nil), owner: 1) == .moved(places[4], index: 0))
        #expect(names(store) == ["e", "a", "b", "c", "d"])
        #expect(
            try store.perform(.move(places[0].id, toIndex: 3, ifVersion: 1), owner: 1) == .moved(places[0], index: 3))
        #expect(names(store) == ["e", "b", "c", "a", "d"])
        _ = try store.perform(.move(places[2].id, toIndex: 1, ifVersion: nil), owner: 1)
        #expect(names(store) == ["e", "c", "b", "a", "d"])
        let snapshot = store.snapshot()
        for (index, place) in snapshot.places(of: 1).enumerated() {
            #expect(snapshot.index(of: place.id) == index)
            #expect(snapshot.place(place.id) == place)
        }
    }

    @Test func moveChangesNoFieldButCountsARevision() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b"], to: store)
        _ = try store.perform(.move(places[0].id, toIndex: 1, ifVersion: nil), owner: 1)
        let snapshot = store.snapshot()
        #expect(snapshot.place(places[0].id) == places[0])
        #expect(snapshot.place(places[0].id)?.version == 1)
        #expect(snapshot.place(places[0].id)?.updatedAt == places[0].updatedAt)
        #expect(snapshot.revision == 3)
        #expect(snapshot.revision(of: 1) == 3)
    }

    @Test(arguments: [(5, 4), (100, 4), (Int.max, 4), (-1, 0), (Int.min, 0)])
    func targetIsClampedToTheList(target: Int, expected: Int) throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b", "c", "d", "e"], to: store)
        let moving = expected == 0 ? places[2] : places[1]
        let outcome = try store.perform(.move(moving.id, toIndex: target, ifVersion: nil), owner: 1)
        #expect(outcome == .moved(moving, index: expected))
        #expect(store.snapshot().index(of: moving.id) == expected)
    }

    @Test func moveToTheCurrentIndexChangesNothing() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b", "c"], to: store)
        let events = Mutex<[PlaceChange]>([])
        store.setChangeObserver { changes in events.withLock { $0 += changes } }
        let transactions = store.committedTransactionCount
        #expect(
            try store.perform(.move(places[1].id, toIndex: 1, ifVersion: 1), owner: 1) == .moved(places[1], index: 1))
        #expect(
            try store.perform(.move(places[2].id, toIndex: 99, ifVersion: nil), owner: 1) == .moved(places[2], index: 2)
        )
        #expect(store.committedTransactionCount == transactions)
        #expect(store.snapshot().revision == 3)
        #expect(store.snapshot().revision(of: 1) == 3)
        #expect(events.withLock { $0 }.isEmpty)
        #expect(names(store) == ["a", "b", "c"])
    }

    @Test func staleVersionIsAConflict() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b"], to: store)
        _ = try store.perform(.update(places[0].id, rename("a2"), ifVersion: nil), owner: 1)
        #expect(throws: StoreError.conflict(currentVersion: 2)) {
            try store.perform(.move(places[0].id, toIndex: 1, ifVersion: 1), owner: 1)
        }
        #expect(names(store) == ["a2", "b"])
        #expect(store.snapshot().revision == 3)
    }

    @Test func anotherOwnersPlaceIsNotFound() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let mine = try add(["a", "b"], to: store, owner: 1)
        _ = try add(["x"], to: store, owner: 2)
        #expect(throws: StoreError.notFound(mine[0].id)) {
            try store.perform(.move(mine[0].id, toIndex: 1, ifVersion: nil), owner: 2)
        }
        let unknown = PlaceID(high: 0x4000, low: 0x8000_0000_0000_0001)
        #expect(throws: StoreError.notFound(unknown)) {
            try store.perform(.move(unknown, toIndex: 0, ifVersion: nil), owner: 1)
        }
        #expect(names(store) == ["a", "b"])
    }

    @Test func moveIsAMovedEventWithThePlaceAndItsRevisions() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let places = try add(["a", "b", "c"], to: store)
        _ = try add(["x"], to: store, owner: 2)
        let events = Mutex<[PlaceChange]>([])
        store.setChangeObserver { changes in events.withLock { $0 += changes } }
        _ = try store.perform(.move(places[2].id, toIndex: 0, ifVersion: nil), owner: 1)
        // The event carries the index the place left, which the change log keeps for undo.
        let moved = PlaceChange(kind: .moved, revision: 4, storeRevision: 5, place: places[2], previousIndex: 2)
        #expect(events.withLock { $0 } == [moved])
    }

    @Test func orderSurvivesReopening() throws {
        let path = directory.file("places.sqlite")
        var generator = SeededGenerator(seed: 11)
        var expected: [String] = []
        do {
            let store = try openStore(path)
            defer { store.close() }
            let places = try add((0..<200).map { "p\($0)" }, to: store)
            _ = try add(["other"], to: store, owner: 2)
            var order = places.map(\.id)
            var names = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0.name) })
            for round in 0..<500 {
                let from = Int.random(in: 0..<order.count, using: &generator)
                // Half the moves go to the same two neighbours, to use up the gaps between them.
                let to = round % 2 == 0 ? 1 : Int.random(in: 0..<order.count, using: &generator)
                _ = try store.perform(.move(order[from], toIndex: to, ifVersion: nil), owner: 1)
                order.insert(order.remove(at: from), at: to)
                if round % 50 == 0 {
                    let removed = order.remove(at: Int.random(in: 0..<order.count, using: &generator))
                    _ = try store.perform(.remove(removed, ifVersion: nil), owner: 1)
                    let added = try store.perform(.add(draft("n\(round)")), owner: 1).place
                    order.append(added.id)
                    names[added.id] = added.name
                }
            }
            expected = order.map { names[$0]! }
            #expect(self.names(store) == expected)
            let snapshot = store.snapshot()
            #expect(order.indices.allSatisfy { snapshot.index(of: order[$0]) == $0 })
            expectWellFormed(snapshot.places(of: 1))
        }
        let reopened = try openStore(path)
        defer { reopened.close() }
        #expect(names(reopened) == expected)
        #expect(names(reopened, owner: 2) == ["other"])
        let snapshot = reopened.snapshot()
        #expect(snapshot.places(of: 1).indices.allSatisfy { snapshot.index(of: snapshot.places(of: 1)[$0].id) == $0 })
        // The order keeps working after reopening.
        let first = snapshot.places(of: 1)[0]
        _ = try reopened.perform(.move(first.id, toIndex: 5, ifVersion: nil), owner: 1)
        #expect(reopened.snapshot().index(of: first.id) == 5)
    }
}
