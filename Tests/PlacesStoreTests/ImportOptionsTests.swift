import PlacesModel
import Testing

@testable import PlacesState
@testable import PlacesStore

/// An import's options in the store: ids in use skipped or replaced, duplicates skipped, dry runs.
@Suite struct ImportOptionsTests {
    let directory = TemporaryDirectory()

    private func id(_ low: UInt64) -> PlaceID {
        PlaceID(high: 0x0000_0000_0000_4000, low: 0x8000_0000_0000_0000 | low)
    }

    private func tally(_ outcome: MutationOutcome) -> ImportTally? {
        guard case .imported(_, let tally) = outcome else { return nil }
        return tally
    }

    @Test func skipLeavesPlacesWithIDsInUseOut() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(.importPlaces([PlaceImport(id: id(1), draft: draft("a"))]), owner: 1)
        let outcome = try store.perform(
            .importPlaces(
                [PlaceImport(id: id(1), draft: draft("a2")), PlaceImport(id: id(2), draft: draft("b"))],
                ImportOptions(onConflict: .skip)), owner: 1)
        #expect(tally(outcome) == ImportTally(added: 1, skippedIDInUse: 1))
        #expect(store.snapshot().places(of: 1).map(\.name) == ["a", "b"])
    }

    @Test func replaceUpdatesTheCallersPlaceInPlace() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(
            .importPlaces([PlaceImport(id: id(1), draft: draft("a")), PlaceImport(id: id(2), draft: draft("b"))]),
            owner: 1)
        let replacement = try PlaceDraft(name: "A", latitude: 1, longitude: 2, isVisited: true)
        let outcome = try store.perform(
            .importPlaces(
                [PlaceImport(id: id(1), draft: replacement), PlaceImport(id: id(2), draft: draft("b"))],
                ImportOptions(onConflict: .replace)), owner: 1)
        #expect(tally(outcome) == ImportTally(replaced: 2))
        let snapshot = store.snapshot()
        let place = try #require(snapshot.place(id(1)))
        #expect(place.name == "A" && place.description == "" && place.isVisited && place.version == 2)
        #expect(snapshot.place(id(2))?.version == 1, "a place given its own fields is not changed")
        #expect(snapshot.index(of: id(1)) == 0 && snapshot.revision(of: 1) == 3)
        #expect(throws: StoreError.duplicateID(id(1))) {
            try store.perform(
                .importPlaces([PlaceImport(id: id(1), draft: draft("x"))], ImportOptions(onConflict: .replace)),
                owner: 2)
        }
    }

    @Test func duplicatesOfExistingAndEarlierPlacesAreSkipped() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(.add(draft("Tower")), owner: 1)
        _ = try store.perform(.add(draft("Elsewhere")), owner: 2)
        let imports = [
            PlaceImport(id: nil, draft: draft("TOWER")),
            PlaceImport(id: nil, draft: draft("Elsewhere")),
            PlaceImport(id: nil, draft: draft("elsewhere")),
            PlaceImport(id: nil, draft: draft("Tower", latitude: 48.87)),
            PlaceImport(id: id(9), draft: draft("Tower")),
        ]
        let outcome = try store.perform(.importPlaces(imports, ImportOptions(skipDuplicates: true)), owner: 1)
        #expect(tally(outcome) == ImportTally(added: 3, skippedDuplicates: 2))
        #expect(
            store.snapshot().places(of: 1).map(\.name) == ["Tower", "Elsewhere", "Tower", "Tower"],
            "another user's place is no duplicate, a place with an id is never one")
    }

    @Test func aDryRunCountsAndChangesNothing() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        _ = try store.perform(.importPlaces([PlaceImport(id: id(1), draft: draft("a"))]), owner: 1)
        let before = store.snapshot()
        let transactions = store.committedTransactionCount
        let outcome = try store.perform(
            .importPlaces(
                [PlaceImport(id: id(1), draft: draft("a2")), PlaceImport(id: nil, draft: draft("b"))],
                ImportOptions(onConflict: .replace, isDryRun: true)), owner: 1)
        #expect(outcome == .imported([], ImportTally(added: 1, replaced: 1, isDryRun: true)))
        #expect(store.committedTransactionCount == transactions)
        #expect(store.snapshot().revision == before.revision)
        #expect(Array(store.snapshot().places(of: 1)) == Array(before.places(of: 1)))
        #expect(throws: StoreError.duplicateID(id(1))) {
            try store.perform(
                .importPlaces([PlaceImport(id: id(1), draft: draft("a"))], ImportOptions(isDryRun: true)), owner: 1)
        }
    }
}
