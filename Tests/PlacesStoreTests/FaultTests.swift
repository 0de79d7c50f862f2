import Dispatch
import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct FaultTests {
    let directory = TemporaryDirectory()

    /// A store with a few places of two owners, and its fault hook.
    private func seededStore() throws -> (PlaceStore, FaultInjection, [Place]) {
        let faults = FaultInjection()
        var options = OpeningOptions()
        options.faultHook = faults
        let store = try openStore(directory.file("places.sqlite"), options: options)
        let places = try ["a", "b", "c"].map { try store.perform(.add(draft($0)), owner: 1).place }
        _ = try store.perform(.add(draft("other")), owner: 2)
        return (store, faults, places)
    }

    @Test(arguments: [FaultInjection.Fault.commit, .commitAndRollback])
    func failedCommitChangesNothing(_ fault: FaultInjection.Fault) throws {
        let (store, faults, places) = try seededStore()
        let transactions = store.committedTransactionCount + 1  // the held add commits
        let results = Results()
        store.submit(.add(draft("held")), owner: 3) { results.append($0) }
        _ = results.wait(for: 1)
        let before = store.snapshot()

        faults.failNextCommit(at: fault)
        let gate = WriterGate()
        gate.hold(store, with: .update(places[0].id, rename("a"), ifVersion: nil), owner: 1)
        let batch = Results()
        store.submit(.add(draft("new")), owner: 1) { batch.append($0) }
        store.submit(.update(places[1].id, rename("b2"), ifVersion: 1), owner: 1) { batch.append($0) }
        store.submit(.remove(places[2].id, ifVersion: nil), owner: 1) { batch.append($0) }
        store.submit(.add(draft("new")), owner: 2) { batch.append($0) }
        gate.open()
        let outcomes = batch.wait(for: 4)

        let failure = StoreError.storage("disk I/O error (injected)")
        #expect(outcomes.map { $0.map(\.place) } == Array(repeating: .failure(failure), count: 4))
        #expect(store.committedTransactionCount == transactions)
        let after = store.snapshot()
        #expect(after.allPlaces() == before.allPlaces())
        #expect(after.revision == before.revision)
        #expect(after.revision(of: 1) == before.revision(of: 1))
        #expect(after.revision(of: 2) == before.revision(of: 2))

        // The store goes on working, and the disk has exactly what memory has.
        let added = try store.perform(.add(draft("later")), owner: 1).place
        #expect(store.snapshot().revision == before.revision + 1)
        store.close()
        let reopened = try openStore(directory.file("places.sqlite"))
        defer { reopened.close() }
        #expect(Array(reopened.snapshot().places(of: 1)) == Array(before.places(of: 1)) + [added])
        #expect(reopened.snapshot().places(of: 2) == before.places(of: 2))
        #expect(reopened.snapshot().places(of: 3) == before.places(of: 3))
        #expect(reopened.snapshot().revision == before.revision + 1)
        #expect(reopened.snapshot().revision(of: 2) == before.revision(of: 2))
    }

    @Test func databaseThatCannotBeReopenedFailsEveryLaterWrite() throws {
        let (store, faults, places) = try seededStore()
        defer { store.close() }
        let before = store.snapshot()
        let path = directory.file("places.sqlite")
        try FileManager.default.moveItem(atPath: path, toPath: directory.file("moved.sqlite"))
        faults.failNextCommit(at: .commitAndRollback)
        #expect(throws: StoreError.storage("disk I/O error (injected)")) {
            try store.perform(.remove(places[0].id, ifVersion: nil), owner: 1)
        }
        #expect {
            try store.perform(.add(draft("later")), owner: 1)
        } throws: { error in
            guard case .storage(let reason) = error as? StoreError else { return false }
            return reason.hasPrefix("database '\(path)': unable to open database file")
        }
        #expect(store.snapshot().allPlaces() == before.allPlaces())
    }

    @Test func fullDatabaseFailsTheBatchAndChangesNothing() throws {
        let (store, faults, places) = try seededStore()
        defer { store.close() }
        let before = store.snapshot()
        faults.limitDatabaseSize(toPages: 1)
        // 20 kB: more than the pages the schema migrations leave free in a new file.
        let big = try PlaceDraft(
            name: "big", description: String(repeating: "é", count: 10_000), latitude: 1, longitude: 2)
        #expect(throws: StoreError.storage("database or disk is full")) {
            try store.perform(.add(big), owner: 1)
        }
        #expect(store.snapshot().allPlaces() == before.allPlaces())
        #expect(store.snapshot().revision == before.revision)

        faults.limitDatabaseSize(toPages: nil)
        _ = try store.perform(.add(big), owner: 1)
        _ = try store.perform(.remove(places[0].id, ifVersion: nil), owner: 1)
        #expect(store.snapshot().places(of: 1).map(\.name) == ["b", "c", "big"])
        #expect(store.snapshot().revision == before.revision + 2)
    }
}
