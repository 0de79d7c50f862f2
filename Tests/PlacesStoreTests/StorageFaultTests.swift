import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Real I/O failures inside SQLite, injected by the fault VFS while a batch commits: the whole batch is refused,
/// memory and disk keep the state before it, and the store goes on working.
@Suite struct StorageFaultTests {
    /// A fault armed before a batch, and the store it strikes.
    struct Case: Sendable, CustomTestStringConvertible {
        /// What fails.
        let fault: FaultInjection.StorageFault
        /// Which matching operations fail.
        let trigger: FaultInjection.StorageTrigger
        /// Whether the store was just reopened: its WAL is empty (the batch writes its header first) and its
        /// writer has read nothing yet. Otherwise the WAL holds the seeding commits and their pages are cached.
        var isFresh = false
        /// The name the test case is shown with.
        let label: String

        /// The name the test case is shown with.
        var testDescription: String { label }
    }

    /// Each fault the batch tests run with.
    static let cases: [Case] = [
        Case(fault: .writeFails(.wal), trigger: .call(1), label: "first WAL write fails (EIO)"),
        Case(fault: .writeFails(.wal), trigger: .call(3), label: "third WAL write fails (EIO)"),
        Case(fault: .writeFails(.wal), trigger: .everyCall, label: "every WAL write fails (EIO, EROFS)"),
        Case(fault: .writeFails(.wal), trigger: .call(1), isFresh: true, label: "WAL header write fails"),
        Case(fault: .diskFull(.wal), trigger: .call(1), label: "WAL write hits ENOSPC"),
        Case(fault: .diskFull(.anyFile), trigger: .everyCall, label: "every write hits ENOSPC"),
        Case(fault: .shortWrite(.wal), trigger: .call(2), label: "short WAL write (torn frame)"),
        Case(fault: .syncFails(.wal), trigger: .call(1), label: "WAL fsync fails after the commit frame"),
        Case(fault: .syncFails(.anyFile), trigger: .everyCall, label: "every fsync fails"),
        Case(fault: .syncFails(.wal), trigger: .call(1), isFresh: true, label: "WAL header fsync fails"),
        Case(fault: .syncFails(.wal), trigger: .call(2), isFresh: true, label: "fsync after a new WAL's frames fails"),
        Case(
            fault: .readFails(.anyFile), trigger: .everyCall, isFresh: true, label: "every read fails mid-transaction"),
        Case(fault: .readFails(.database), trigger: .call(2), isFresh: true, label: "one database read fails"),
    ]

    /// Five mutations of two owners, one of each kind, valid against the model.
    private func mixedBatch(_ fixture: FaultyStore) -> [(Mutation, UserID)] {
        let mine = fixture.places(of: 1)
        let theirs = fixture.places(of: 2)
        return [
            (.add(draft("refused add")), 1),
            (.update(mine[0].id, rename("refused update"), ifVersion: mine[0].version), 1),
            (.remove(theirs[0].id, ifVersion: nil), 2),
            (.move(mine[3].id, toIndex: 0, ifVersion: nil), 1),
            (
                .importPlaces([
                    PlaceImport(id: nil, draft: draft("refused import 1")),
                    PlaceImport(id: PlaceID.random(), draft: draft("refused import 2")),
                ]), 2
            ),
        ]
    }

    /// Arms the case's fault, commits one mixed batch, disarms, and checks that the whole batch was refused
    /// and that memory, and the files as a crash would leave them, hold the state before it.
    private func refuse(_ faultCase: Case, on fixture: FaultyStore, disarming: Bool = true) throws {
        let before = fixture.store.snapshot()
        let struck = fixture.faults.injectedStorageFaultCount
        fixture.faults.failStorage(faultCase.fault, at: faultCase.trigger)
        let outcomes = fixture.commit(mixedBatch(fixture))
        if disarming { fixture.faults.disarmStorageFaults() }

        #expect(fixture.faults.injectedStorageFaultCount > struck, "the fault never struck")
        for outcome in outcomes {
            guard case .failure(.storage) = outcome else {
                Issue.record("expected StoreError.storage, got \(outcome)")
                continue
            }
        }
        let after = fixture.store.snapshot()
        #expect(after.allPlaces() == before.allPlaces())
        #expect(after.revision == before.revision)
        #expect(after.revision(of: 1) == before.revision(of: 1))
        #expect(after.revision(of: 2) == before.revision(of: 2))
        #expect(fixture.memoryMatchesModel)
        let crashed = try fixture.crashImage()
        #expect(crashed == fixture.model, "after a crash now: \(fixture.difference(from: crashed))")
    }

    /// Commits a mixed batch without faults and checks that all of it was acknowledged.
    private func succeed(on fixture: FaultyStore) {
        let revision = fixture.store.snapshot().revision
        let outcomes = fixture.commit(mixedBatch(fixture))
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil }, "\(outcomes)")
        #expect(fixture.store.snapshot().revision == revision + 6)
        #expect(fixture.memoryMatchesModel)
    }

    @Test(arguments: cases)
    func refusedBatchChangesNothing(_ faultCase: Case) throws {
        let fixture = try FaultyStore()
        try fixture.seed()
        if faultCase.isFresh { _ = try fixture.reopen() }

        try refuse(faultCase, on: fixture)
        // Without the fault the same store works again, and the disk ends up with exactly what was acknowledged.
        succeed(on: fixture)
        #expect(try fixture.crashImage() == fixture.model)
        let reopened = try fixture.reopen()
        #expect(reopened == fixture.model, "after reopening: \(fixture.difference(from: reopened))")
    }

    @Test(arguments: cases)
    func refusedBatchStaysAbsentWhenTheStoreClosesStillFailing(_ faultCase: Case) throws {
        let fixture = try FaultyStore()
        try fixture.seed()
        if faultCase.isFresh { _ = try fixture.reopen() }

        // The store closes while the disk still fails: its final checkpoint may fail, leaving the WAL behind.
        try refuse(faultCase, on: fixture, disarming: false)
        fixture.store.close()
        fixture.faults.disarmStorageFaults()
        let reopened = try fixture.reopen()
        #expect(reopened == fixture.model, "after reopening: \(fixture.difference(from: reopened))")
        succeed(on: fixture)
        #expect(try fixture.reopenWithoutFaults() == fixture.model)
    }
}
