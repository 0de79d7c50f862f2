import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// I/O failures while the WAL is copied back into the database file: commits do not depend on checkpoints, so
/// nothing is refused, nothing acknowledged is lost, and a database file left half-written is covered by the WAL.
@Suite struct StorageFaultCheckpointTests {
    /// Waits up to ten seconds for `condition`.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Imports enough places in one batch to grow the WAL past `Checkpointer.backgroundPages`, which schedules a
    /// background checkpoint.
    private func growWAL(_ fixture: FaultyStore, owner: UserID) throws {
        let description = String(repeating: "w", count: 9_000)
        let count = Int(Checkpointer.backgroundPages) / 2 + 50
        let imports = try (0..<count).map { index in
            PlaceImport(
                id: nil,
                draft: try PlaceDraft(
                    name: "bulk \(owner)-\(index)", description: description, latitude: 1, longitude: 2))
        }
        let outcomes = fixture.commit([(.importPlaces(imports), owner)])
        for outcome in outcomes { _ = try outcome.get() }
    }

    @Test(arguments: [
        FaultInjection.StorageFault.writeFails(.database), .diskFull(.database), .shortWrite(.database),
        .syncFails(.database),
    ])
    func failedCheckpointLosesNothing(_ fault: FaultInjection.StorageFault) throws {
        let fixture = try FaultyStore()
        try fixture.seed()
        // In WAL mode only checkpoints write and sync the database file.
        fixture.faults.failStorage(fault, at: .everyCall)
        try growWAL(fixture, owner: 1)
        try growWAL(fixture, owner: 2)
        #expect(eventually { fixture.faults.injectedStorageFaultCount > 0 }, "no checkpoint ran")

        // Nothing was refused, and the files as they are now hold every acknowledged change.
        #expect(fixture.memoryMatchesModel)
        let crashed = try fixture.crashImage()
        #expect(crashed == fixture.model, "after a crash now: \(fixture.difference(from: crashed))")

        // The store goes on; a close whose checkpoint fails too keeps the WAL, and the reopened store has it all.
        let outcomes = fixture.commit([(.add(draft("after the failed checkpoint")), 3)])
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil }, "\(outcomes)")
        fixture.faults.failStorage(fault, at: .everyCall)
        fixture.store.close()
        fixture.faults.disarmStorageFaults()
        let reopened = try fixture.reopen()
        #expect(reopened == fixture.model, "after reopening: \(fixture.difference(from: reopened))")
        try growWAL(fixture, owner: 3)
        #expect(try fixture.reopenWithoutFaults() == fixture.model)
    }

    @Test func failedTruncationOfTheWALLosesNothing() throws {
        let fixture = try FaultyStore()
        try fixture.seed()
        fixture.faults.failStorage(.truncateFails(.anyFile), at: .everyCall)
        // Commits never truncate: they go through.
        let outcomes = fixture.commit([
            (.add(draft("while truncation fails")), 1), (.remove(fixture.places(of: 2)[0].id, ifVersion: nil), 2),
        ])
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil }, "\(outcomes)")
        #expect(fixture.faults.injectedStorageFaultCount == 0)

        // Closing checkpoints with TRUNCATE, which fails after the WAL was copied back; nothing is lost.
        fixture.store.close()
        #expect(fixture.faults.injectedStorageFaultCount > 0, "the close did not truncate the WAL")
        let reopened = try fixture.reopen()
        #expect(reopened == fixture.model, "after reopening: \(fixture.difference(from: reopened))")
        let later = fixture.commit([(.add(draft("after")), 1)])
        #expect(later.allSatisfy { (try? $0.get()) != nil }, "\(later)")
        #expect(try fixture.crashImage() == fixture.model)
        fixture.faults.disarmStorageFaults()
        #expect(try fixture.reopenWithoutFaults() == fixture.model)
    }
}
