import PlacesModel
import PlacesPersistence
import Synchronization
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct ImportTests {
    let directory = TemporaryDirectory()

    private func id(_ low: UInt64) -> PlaceID {
        PlaceID(high: 0x0000_0000_0000_4000, low: 0x8000_0000_0000_0000 | low)
    }

    @Test func importAddsEveryPlaceLastInOrderKeepingGivenIDs() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(.add(draft("existing")), owner: 1)
        let imports = [
            PlaceImport(id: id(1), draft: draft("a", latitude: 10, longitude: 20)),
            PlaceImport(id: nil, draft: draft("b")),
            PlaceImport(id: id(3), draft: draft("c")),
        ]
        guard case .imported(let places, _) = try store.perform(.importPlaces(imports), owner: 1) else {
            Issue.record("not an import outcome")
            return
        }
        #expect(places.map(\.name) == ["a", "b", "c"])
        #expect(places[0].id == id(1))
        #expect(places[2].id == id(3))
        #expect(places.allSatisfy { $0.owner == 1 && $0.version == 1 && $0.createdAt == $0.updatedAt })
        #expect(places[0].coordinate == Coordinate(latitude: 10, longitude: 20))
        let snapshot = store.snapshot()
        #expect(snapshot.places(of: 1).map(\.name) == ["existing", "a", "b", "c"])
        #expect(places.allSatisfy { snapshot.place($0.id) == $0 })
        #expect(snapshot.index(of: id(3)) == 3)
    }

    @Test func eachImportedPlaceIsARevisionAndAnAddedEventInOneTransaction() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(.add(draft("other")), owner: 2)
        let events = Mutex<[PlaceChange]>([])
        store.setChangeObserver { changes in events.withLock { $0 += changes } }
        let transactions = store.committedTransactionCount
        let outcome = try store.perform(
            .importPlaces([PlaceImport(id: nil, draft: draft("a")), PlaceImport(id: nil, draft: draft("b"))]),
            owner: 1)
        guard case .imported(let places, _) = outcome else {
            Issue.record("not an import outcome")
            return
        }
        #expect(store.committedTransactionCount == transactions + 1)
        #expect(store.snapshot().revision == 3)
        #expect(store.snapshot().revision(of: 1) == 2)
        #expect(
            events.withLock { $0 } == [
                PlaceChange(kind: .added, revision: 1, storeRevision: 2, place: places[0]),
                PlaceChange(kind: .added, revision: 2, storeRevision: 3, place: places[1]),
            ])
    }

    @Test func anIDInUseByAnyoneRefusesTheWholeImport() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let taken = try store.perform(.add(draft("someone else's")), owner: 2).place.id
        let transactions = store.committedTransactionCount
        let imports = [PlaceImport(id: id(1), draft: draft("a")), PlaceImport(id: taken, draft: draft("b"))]
        #expect(throws: StoreError.duplicateID(taken)) {
            try store.perform(.importPlaces(imports), owner: 1)
        }
        #expect(store.committedTransactionCount == transactions)
        #expect(store.snapshot().count == 1)
        #expect(store.snapshot().place(id(1)) == nil)
        #expect(store.snapshot().revision == 1)
        #expect(store.snapshot().revision(of: 1) == 0)
        #expect("\(StoreError.duplicateID(taken))" == "a place with id '\(taken)' already exists")
    }

    @Test func anIDGivenTwiceRefusesTheWholeImport() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let imports = [
            PlaceImport(id: id(1), draft: draft("a")), PlaceImport(id: nil, draft: draft("b")),
            PlaceImport(id: id(1), draft: draft("c")),
        ]
        #expect(throws: StoreError.duplicateID(id(1))) {
            try store.perform(.importPlaces(imports), owner: 1)
        }
        #expect(store.snapshot().count == 0)
        #expect(store.snapshot().revision == 0)
    }

    @Test func theLimitCountsTheWholeImport() throws {
        var options = OpeningOptions()
        options.maximumPlacesPerOwner = 3
        let store = try openStore(directory.file("places.sqlite"), options: options)
        defer { store.close() }
        _ = try store.perform(.add(draft("a")), owner: 1)
        let three = (0..<3).map { PlaceImport(id: nil, draft: draft("i\($0)")) }
        #expect {
            try store.perform(.importPlaces(three), owner: 1)
        } throws: { error in
            guard case .limitReached = error as? StoreError else { return false }
            return true
        }
        #expect(store.snapshot().count(of: 1) == 1)
        #expect(store.snapshot().revision == 1)
        _ = try store.perform(.importPlaces(Array(three.prefix(2))), owner: 1)
        #expect(store.snapshot().count(of: 1) == 3)
    }

    @Test func anEmptyImportChangesNothing() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let transactions = store.committedTransactionCount
        #expect(try store.perform(.importPlaces([]), owner: 1) == .imported([], ImportTally()))
        #expect(store.committedTransactionCount == transactions)
        #expect(store.snapshot().revision == 0)
    }

    @Test func importedPlacesSurviveReopening() throws {
        let path = directory.file("places.sqlite")
        var imported: [Place] = []
        do {
            let store = try openStore(path)
            defer { store.close() }
            _ = try store.perform(.add(draft("first")), owner: 1)
            let imports = (0..<100).map { (number: Int) -> PlaceImport in
                let latitude = Double(number) - 50
                let longitude = Double(number) * 3 - 150
                return PlaceImport(
                    id: number % 2 == 0 ? id(UInt64(number)) : nil,
                    draft: draft("i\(number)", latitude: latitude, longitude: longitude))
            }
            guard case .imported(let places, _) = try store.perform(.importPlaces(imports), owner: 1) else {
                Issue.record("not an import outcome")
                return
            }
            imported = places
        }
        let reopened = try openStore(path)
        defer { reopened.close() }
        let snapshot = reopened.snapshot()
        #expect(Array(snapshot.places(of: 1).dropFirst()) == imported)
        #expect(snapshot.revision == 101)
        #expect(snapshot.revision(of: 1) == 101)
        #expect(throws: StoreError.duplicateID(id(0))) {
            try reopened.perform(.importPlaces([PlaceImport(id: id(0), draft: draft("again"))]), owner: 3)
        }
    }
}
