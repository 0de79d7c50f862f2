import Dispatch
import PlacesLocking
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// A host over a shared database sends a batch of additions before its state has caught up with the other
/// hosts' changes and made them (`StoreState.foretellAdditions`): what it sends must be what replaying those
/// changes and adding the places logs, rows, positions and revisions included, or nothing at all.
@Suite struct ForetellingTests {
    /// Random histories of two owners on two hosts: each step, the other host commits a few additions, and this
    /// one foretells a batch of its own before it replays them, then replays and adds.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func foretoldAdditionsAreWhatReplayingAndAddingLog(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var ids = SeededGenerator(seed: seed + 100)
        var mine = StoreState()
        var theirs = StoreState()
        var foretoldBatches = 0
        for step in 0..<400 {
            // The other host's changes: mostly additions, now and then another kind, which cannot be foretold.
            var caughtUp: [LoggedChange] = []
            for index in 0..<Int.random(in: 0...3, using: &random) {
                let owner: UserID = Bool.random(using: &random) ? 1000 : 1001
                let places = theirs.lists[owner]?.places.count ?? 0
                let mutation: Mutation =
                    places > 0 && Int.random(in: 0..<8, using: &random) == 0
                    ? .remove(theirs.snapshotIDs(of: owner).randomElement(using: &random)!, ifVersion: nil)
                    : .add(draft("theirs \(step) \(index)", latitude: .random(in: -80...80, using: &random)))
                caughtUp += try theirs.apply(
                    mutation, owner: owner, now: Timestamp(millisecondsSinceEpoch: Int64(step)),
                    maximumPlacesPerOwner: 1_000_000, generator: &ids
                ).logged
            }
            let additions = (0..<Int.random(in: 1...5, using: &random)).map { index in
                Addition(
                    draft: draft("mine \(step) \(index)", latitude: .random(in: -80...80, using: &random)),
                    owner: Bool.random(using: &random) ? 1000 : 1001, id: PlaceID.random(using: &ids))
            }
            let now = Timestamp(millisecondsSinceEpoch: 1_000_000 + Int64(step))
            let foretold = mine.foretellAdditions(
                additions, after: caughtUp, now: now, maximumPlacesPerOwner: 1_000_000)
            let onlyAdditions = caughtUp.allSatisfy { $0.change.kind == .added && $0.renumbered.isEmpty }
            #expect((foretold != nil) == onlyAdditions, "step \(step)")
            for logged in caughtUp {
                try mine.replay(logged)
            }
            var made: [LoggedChange] = []
            for addition in additions {
                made += try mine.apply(
                    .add(addition.draft), owner: addition.owner, now: now, maximumPlacesPerOwner: 1_000_000,
                    id: addition.id, generator: &ids
                ).logged
            }
            if let foretold {
                #expect(foretold == made, "step \(step)")
                foretoldBatches += 1
            }
            for logged in made {
                try theirs.replay(logged)
            }
        }
        #expect(foretoldBatches > 100)
    }

    @Test func whatCannotBeToldSoSimplyIsNotForetold() throws {
        var state = StoreState()
        var ids = SeededGenerator(seed: 7)
        let now = Timestamp(millisecondsSinceEpoch: 1)
        let first = try state.apply(
            .add(draft("first")), owner: 1, now: now, maximumPlacesPerOwner: 10, generator: &ids)
        let firstID = first.logged[0].change.place.id
        var other = state
        let update = try other.apply(
            .update(firstID, rename("renamed"), ifVersion: nil), owner: 1, now: now, maximumPlacesPerOwner: 10,
            generator: &ids)
        let addition = Addition(draft: draft("second"), owner: 1, id: PlaceID.random(using: &ids))

        #expect(state.foretellAdditions([addition], after: [], now: now, maximumPlacesPerOwner: 10) != nil)
        #expect(
            state.foretellAdditions([addition], after: update.logged, now: now, maximumPlacesPerOwner: 10) == nil,
            "another kind of change")
        #expect(
            state.foretellAdditions([addition], after: [], now: now, maximumPlacesPerOwner: 1) == nil,
            "over the limit")
        var taken = addition
        taken.id = firstID
        #expect(state.foretellAdditions([taken], after: [], now: now, maximumPlacesPerOwner: 10) == nil, "id in use")
        #expect(
            state.foretellAdditions([addition, addition], after: [], now: now, maximumPlacesPerOwner: 10) == nil,
            "one id twice")
        #expect(
            state.foretellAdditions([addition], after: first.logged, now: now, maximumPlacesPerOwner: 10) == nil,
            "a change the state has already")
    }
}

extension StoreState {
    /// The ids of `owner`'s places, in list order.
    fileprivate func snapshotIDs(of owner: UserID) -> [PlaceID] {
        StoreSnapshot(state: self).places(of: owner).map(\.id)
    }
}

/// The store's side of sending ahead, over an engine that writes what it was sent ahead as a database would run
/// the statements: batches of additions go ahead and commit, others go the usual way, and what is stored is
/// what the store holds.
@Suite struct SendingAheadTests {
    let directory = TemporaryDirectory()

    @Test func batchesOfAdditionsGoAheadAndCommit() throws {
        let path = directory.file("places.sqlite")
        let gate = WriterGate()
        let counts = Locked((ahead: 0, usual: 0))
        let store = try PlaceStore(
            engine: AheadEngine(
                wrapping: LockWaitingEngine(wrapping: SQLiteEngine(path: path, key: nil), gate: gate),
                counts: counts))
        let results = Results()
        store.submit(.add(draft("first")), owner: 1) { results.append($0) }
        gate.waitUntilHeld()
        for index in 0..<20 {
            store.submit(.add(draft("p\(index)")), owner: index % 2 == 0 ? 1 : 2) { results.append($0) }
        }
        gate.open()
        let added = results.wait(for: 21).compactMap { outcome -> Place? in
            if case .success(.added(let place)) = outcome { place } else { nil }
        }
        #expect(added.count == 21)
        #expect(counts.withLock { $0 } == (1, 0) as (Int, Int), "one batch of additions, sent ahead")

        // A batch with another kind of change is written the usual way.
        let second = WriterGate()
        second.hold(store, with: .add(draft("held")), owner: 1)
        store.submit(.update(added[0].id, rename("renamed"), ifVersion: nil), owner: 1) { results.append($0) }
        store.submit(.add(draft("last")), owner: 1) { results.append($0) }
        second.open()
        #expect(results.wait(for: 2).count == 23)
        #expect(results.wait(for: 0).allSatisfy { (try? $0.get()) != nil })
        #expect(counts.withLock { $0 } == (2, 1) as (Int, Int), "the held addition ahead, then the mixed batch")

        let held = store.snapshot()
        store.close()
        let reopened = try waitingForTheLock(path) { () throws(StoreError) in
            PlaceStore(engine: try SQLiteEngine(path: path, key: nil))
        }
        defer { reopened.close() }
        for owner: UserID in [1, 2] {
            #expect(Array(reopened.snapshot().places(of: owner)) == Array(held.places(of: owner)))
        }
        #expect(reopened.snapshot().revision == held.revision)
    }
}

/// An engine that takes additions sent ahead and commits them as the statements would write them: their rows
/// and change log entries, from what was sent; counts the batches committed each way.
final class AheadEngine: WrappingEngine {
    private let counts: Locked<(ahead: Int, usual: Int)>
    private var sent: [LoggedChange]?

    init(wrapping engine: any PersistenceEngine, counts: Locked<(ahead: Int, usual: Int)>) {
        self.counts = counts
        super.init(wrapping: engine)
    }

    override var sendsAhead: Bool { true }

    override func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        counts.withLock { $0.usual += 1 }
        return super.commit(writes, changes: changes, next: next)
    }

    override func sendAhead(_ additions: [LoggedChange]) -> Bool {
        sent = additions
        return true
    }

    override func commitAhead(next: StoreState) -> EngineCommit {
        let additions = sent ?? []
        sent = nil
        counts.withLock { $0.ahead += 1 }
        let writes = additions.map { PlaceWrite.insert($0.change.place, position: $0.position, row: $0.row) }
        return super.commit(writes, changes: additions, next: next)
    }

    override func endBatch() {
        sent = nil
        super.endBatch()
    }
}

/// A batch of additions goes to the database with its COMMIT, before the host has caught up and made it: once
/// sent, it cannot be taken back, so a batch that then cannot be made is answered as of unknown outcome, never
/// as failed.
@Suite struct SentWithItsCommitTests {
    let directory = TemporaryDirectory()

    @Test func aBatchSentAheadWhoseCatchUpFailsIsAnsweredAsUnknown() throws {
        let path = directory.file("places.sqlite")
        let sqlite = try SQLiteEngine(path: path, key: nil)
        let seeded = PlaceStore(engine: sqlite)
        let first = try seeded.perform(.add(draft("first")), owner: 1)
        seeded.close()
        guard case .added(let existing) = first else {
            Issue.record("expected an added place, got \(first)")
            return
        }
        // Another host's addition of a place this host has already: foretelling takes it (it only looks at the
        // log rows), replaying it does not.
        let damaged = LoggedChange(
            change: PlaceChange(kind: .added, revision: 2, storeRevision: 2, place: existing),
            row: 2, position: ListPositions.first + ListPositions.spacing)
        let engine = try waitingForTheLock(path) { () throws(StoreError) in
            DamagedCatchUpEngine(wrapping: try SQLiteEngine(path: path, key: nil), damaged: damaged)
        }
        let store = PlaceStore(engine: engine)
        defer { store.close() }
        let gaps = Locked(0)
        store.setGapObserver { gaps.withLock { $0 += 1 } }

        // The writer waits until all three are queued: they make one batch.
        let queued = DispatchSemaphore(value: 0)
        store.afterQueuedWork { queued.wait() }
        let results = Results()
        for index in 0..<3 {
            store.submit(.add(draft("sent \(index)")), owner: 1) { results.append($0) }
        }
        queued.signal()
        let outcomes = results.wait(for: 3)
        for outcome in outcomes {
            guard case .failure(.outcomeUnknown) = outcome else {
                Issue.record("expected StoreError.outcomeUnknown, got \(outcome)")
                continue
            }
        }
        #expect(engine.calls.withLock { $0 } == (sent: 1, ended: 1, reloaded: 1) as (Int, Int, Int))
        #expect(gaps.withLock { $0 } == 1, "watchers are told that the state was read again")
        #expect(Array(store.snapshot().places(of: 1)).map(\.name) == ["first"])

        // The store goes on: the next batch is sent ahead and committed.
        let next = try store.perform(.add(draft("after")), owner: 1)
        guard case .added = next else {
            Issue.record("expected an added place, got \(next)")
            return
        }
        #expect(Array(store.snapshot().places(of: 1)).map(\.name) == ["first", "after"])
        #expect(engine.calls.withLock { $0.sent } == 2)
    }
}

/// An engine that sends batches of additions ahead, as the PostgreSQL one does, and brings in once, at the
/// start of a batch, a change of another host that the state cannot replay. What was sent ahead is committed
/// by `commitAhead`; a batch ended instead is taken as one whose COMMIT did not take (the database rolled it
/// back), and the state read again is the wrapped engine's.
final class DamagedCatchUpEngine: WrappingEngine {
    /// How many batches were sent ahead, ended without a commit, and how often the state was read again.
    let calls = Locked((sent: 0, ended: 0, reloaded: 0))
    private var damaged: LoggedChange?
    private var sent: [LoggedChange]?

    init(wrapping engine: any PersistenceEngine, damaged: LoggedChange) {
        self.damaged = damaged
        super.init(wrapping: engine)
    }

    override var sendsAhead: Bool { true }

    override func beginBatch() -> CatchUp {
        guard case .changes = super.beginBatch() else { return .changes([]) }
        defer { damaged = nil }
        return .changes(damaged.map { [$0] } ?? [])
    }

    override func sendAhead(_ additions: [LoggedChange]) -> Bool {
        sent = additions
        calls.withLock { $0.sent += 1 }
        return true
    }

    override func commitAhead(next: StoreState) -> EngineCommit {
        let additions = sent ?? []
        sent = nil
        let writes = additions.map { PlaceWrite.insert($0.change.place, position: $0.position, row: $0.row) }
        return super.commit(writes, changes: additions, next: next)
    }

    override func endBatch() {
        if sent != nil { calls.withLock { $0.ended += 1 } }
        sent = nil
        super.endBatch()
    }

    override func reload() -> Result<StoreState, StoreError> {
        calls.withLock { $0.reloaded += 1 }
        return .success(super.load())
    }
}
