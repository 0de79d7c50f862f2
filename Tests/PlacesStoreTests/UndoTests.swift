import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesState
@testable import PlacesStore

/// `PlaceStore.undo`: each change's inverse, committed as a new change; a stack; refusals that change nothing.
@Suite final class UndoTests {
    let directory = TemporaryDirectory()
    /// The store each test works on (one per test: Swift Testing makes an instance per test).
    let store: PlaceStore

    init() throws {
        store = try openStore(directory.file("places.sqlite"))
    }

    deinit {
        store.close()
    }

    @Test func undoingAnAdditionRemovesThePlace() throws {
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let undone = try undo(store, owner: 1000)
        #expect(undone.map(\.reverted.kind) == [.added])
        #expect(undone[0].place.id == added.id)
        #expect(store.snapshot().place(added.id) == nil)
        #expect(store.snapshot().revision(of: 1000) == 2)
    }

    @Test func undoingARemovalBringsThePlaceBackWhereItWas() throws {
        let ids = try ["A", "B", "C"].map { try store.perform(.add(draft($0)), owner: 1000).place.id }
        let updated = try store.perform(.update(ids[1], rename("B2"), ifVersion: nil), owner: 1000).place
        _ = try store.perform(.remove(ids[1], ifVersion: nil), owner: 1000)
        let undone = try undo(store, owner: 1000)
        #expect(undone.map(\.reverted.kind) == [.removed])
        let back = try #require(store.snapshot().place(ids[1]))
        #expect(back.name == "B2")
        #expect(back.version == updated.version + 1)
        #expect(back.createdAt == updated.createdAt)
        #expect(names(store, owner: 1000) == ["A", "B2", "C"])
    }

    @Test func undoingAnUpdatePutsBackTheFieldsItChanged() throws {
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        _ = try store.perform(.update(added.id, rename("Musée"), ifVersion: nil), owner: 1000)
        _ = try store.perform(.update(added.id, try PlacePatch(isVisited: true), ifVersion: nil), owner: 1000)
        let first = try undo(store, owner: 1000)
        #expect(first.map(\.reverted.kind) == [.updated])
        var place = try #require(store.snapshot().place(added.id))
        #expect(place.name == "Musée" && !place.isVisited && place.version == 4)
        _ = try undo(store, owner: 1000)
        place = try #require(store.snapshot().place(added.id))
        #expect(place.name == "Louvre" && !place.isVisited && place.version == 5)
        #expect(place.coordinate == added.coordinate)
    }

    @Test func undoingAMoveMovesThePlaceBack() throws {
        let ids = try ["A", "B", "C"].map { try store.perform(.add(draft($0)), owner: 1000).place.id }
        _ = try store.perform(.move(ids[0], toIndex: 2, ifVersion: nil), owner: 1000)
        #expect(names(store, owner: 1000) == ["B", "C", "A"])
        let undone = try undo(store, owner: 1000)
        #expect(undone.map(\.reverted.kind) == [.moved])
        #expect(names(store, owner: 1000) == ["A", "B", "C"])
    }

    @Test func aSecondUndoRevertsTheChangeBeforeNotTheUndo() throws {
        let a = try store.perform(.add(draft("A")), owner: 1000).place
        _ = try store.perform(.update(a.id, rename("A2"), ifVersion: nil), owner: 1000)
        _ = try store.perform(.add(draft("B")), owner: 1000)
        #expect(try undo(store, owner: 1000).map(\.reverted.kind) == [.added])
        #expect(names(store, owner: 1000) == ["A2"])
        #expect(try undo(store, owner: 1000).map(\.reverted.kind) == [.updated])
        #expect(names(store, owner: 1000) == ["A"])
        #expect(try undo(store, owner: 1000).map(\.reverted.kind) == [.added])
        #expect(names(store, owner: 1000) == [])
        #expect(throws: StoreError.cannotUndo("there is nothing to undo")) { try undo(store, owner: 1000) }
    }

    @Test func undoingSeveralChangesIsAllOrNothing() throws {
        let a = try store.perform(.add(draft("A")), owner: 1000).place
        _ = try store.perform(.add(draft("B")), owner: 1001)
        _ = try store.perform(.update(a.id, rename("A2"), ifVersion: nil), owner: 1000)
        #expect(throws: StoreError.cannotUndo("there are only 2 changes to undo")) {
            try undo(store, count: 3, owner: 1000)
        }
        #expect(names(store, owner: 1000) == ["A2"])
        let undone = try undo(store, count: 2, owner: 1000)
        #expect(undone.map(\.reverted.kind) == [.updated, .added])
        #expect(names(store, owner: 1000) == [])
        #expect(names(store, owner: 1001) == ["B"])
    }

    @Test func aChangeTheLogNoLongerHoldsIsRefused() throws {
        var options = OpeningOptions()
        options.changeLogLimits = ChangeLogLimits(maximumEntries: 2, maximumAgeSeconds: 3_600)
        let store = try openStore(directory.file("trimmed.sqlite"), options: options)
        defer { store.close() }
        for name in ["A", "B", "C"] { _ = try store.perform(.add(draft(name)), owner: 1000) }
        #expect(
            throws: StoreError.cannotUndo(
                "the change log no longer holds the change to undo: it keeps your changes from revision 2 on")
        ) { try undo(store, count: 3, owner: 1000) }
        #expect(names(store, owner: 1000) == ["A", "B", "C"])
    }

    @Test func aPlaceChangedSinceThePlanIsRefusedByName() throws {
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let change = PlaceChange(kind: .added, revision: 1, storeRevision: 1, place: added)
        let plan = UndoPlan(
            steps: [UndoPlan.Step(reverting: change, with: .remove(added.id, ifVersion: 1))], ownerRevision: 1)
        _ = try store.perform(.update(added.id, rename("Musée"), ifVersion: nil), owner: 1000)
        #expect(
            throws: StoreError.cannotUndo("'Louvre' was changed after that change (version 1, now 2)")
        ) { try store.perform(.undo(plan), owner: 1000) }
        #expect(names(store, owner: 1000) == ["Musée"])
    }

    @Test func aPlanOvertakenByAnotherChangeIsRefused() throws {
        let added = try store.perform(.add(draft("Louvre")), owner: 1000).place
        let change = PlaceChange(kind: .added, revision: 1, storeRevision: 1, place: added)
        let plan = UndoPlan(
            steps: [UndoPlan.Step(reverting: change, with: .remove(added.id, ifVersion: 1))], ownerRevision: 1)
        _ = try store.perform(.add(draft("Orsay")), owner: 1000)
        #expect(
            throws: StoreError.cannotUndo(
                "your places changed while the undo was being prepared (revision 2); try again")
        ) { try store.perform(.undo(plan), owner: 1000) }
        #expect(names(store, owner: 1000) == ["Louvre", "Orsay"])
    }

    private func undo(_ store: PlaceStore, count: Int = 1, owner: UserID) throws -> [UndoneChange] {
        let box = ResultBox<MutationOutcome>()
        store.undo(count: count, owner: owner) { box.fulfil($0) }
        guard case .undone(let undone) = try box.wait().get() else {
            Issue.record("an undo came back as another outcome")
            return []
        }
        return undone
    }

    private func names(_ store: PlaceStore, owner: UserID) -> [String] {
        store.snapshot().places(of: owner).map(\.name)
    }
}
