import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesSystem

/// The store's only writer: applies each batch of mutations in memory and has the engine commit what it changed
/// in one transaction.
///
/// Lives on the store's writer queue. The next state is built beside the current one and becomes current only
/// after the engine committed it, so a failed batch leaves memory exactly as it was (or as the engine reloaded
/// it). Over an engine shared by many hosts (`SharedPersistenceEngine`), what the others committed is applied
/// first, in revision order, so that the batch is decided on current data and the change observer sees every
/// change once, in order.
final class StoreWriter {
    /// Where the places are kept.
    let engine: any PersistenceEngine
    /// The same engine when it is shared by many hosts, nil otherwise: cast once here, so that a batch never asks.
    let shared: (any SharedPersistenceEngine)?
    /// The last committed state.
    private(set) var state: StoreState
    /// How many transactions committed since the store opened.
    private(set) var committedTransactions = 0
    /// The most places one owner may have.
    private var maximumPlacesPerOwner: Int
    private let clock: @Sendable () -> Timestamp
    /// Makes the ids of added places.
    private var generator = KernelRandomGenerator()

    /// Takes over `engine`, opened, and the state it loaded.
    init(engine: any PersistenceEngine, maximumPlacesPerOwner: Int, clock: @escaping @Sendable () -> Timestamp) {
        self.engine = engine
        self.shared = engine as? any SharedPersistenceEngine
        self.state = engine.load()
        self.maximumPlacesPerOwner = maximumPlacesPerOwner
        self.clock = clock
    }

    /// Applies `batch` in order, commits whatever changed in one transaction, and reports each mutation's result.
    ///
    /// Each mutation sees the ones before it in the batch. If the transaction fails, every mutation of the batch
    /// gets `StoreError.storage` (a refusal computed against uncommitted changes would be misleading), and the
    /// state stays as it was, but for what other hosts committed before.
    ///
    /// The batch is what `take` returns once the batch has begun: over an engine shared by many hosts, what came
    /// in while this host waited for the write lock goes into the same transaction.
    func commit(taking take: () -> [PendingMutation]) -> (batch: [PendingMutation], result: BatchResult) {
        if let refusal = engine.refusal {
            let batch = take()
            return (batch, BatchResult(failing: batch, with: refusal))
        }
        guard !engine.isLocked else {
            let batch = take()
            return (batch, BatchResult(failing: batch, with: .locked))
        }
        var result = BatchResult(outcomes: [], changes: [])
        let beginning = shared?.beginBatch()
        let batch = take()
        let now = clock()
        // A batch of additions only can be written, and committed, before the state catches up and makes it:
        // the database works on the rows, and the transaction ends, while the writer replays and adds in memory.
        // One foretold change for each addition, in order: the batch adds its places under their ids.
        var foretold: [LoggedChange]?
        if let shared, shared.sendsAhead, case .changes(let caughtUp)? = beginning,
            let additions = additions(in: batch)
        {
            foretold = state.foretellAdditions(
                additions, after: caughtUp, now: now, maximumPlacesPerOwner: maximumPlacesPerOwner)
            if let sent = foretold, !shared.sendAhead(sent) {
                foretold = nil
            }
        }
        if let shared, let beginning, !catchUp(beginning, from: shared, into: &result) {
            // A batch sent ahead went with its COMMIT: it may be saved, and the log, which the state was read
            // from again, tells.
            let failure =
                foretold == nil
                ? result.failure ?? .storage("the change log does not follow")
                : .outcomeUnknown("this host's state did not follow the change log when the batch was sent")
            result.outcomes = batch.map { _ in .failure(failure) }
            return (batch, result)
        }
        var next = state
        var outcomes: [Result<MutationOutcome, StoreError>] = []
        outcomes.reserveCapacity(batch.count)
        var writes: [PlaceWrite] = []
        var logged: [LoggedChange] = []
        for (offset, pending) in batch.enumerated() {
            do throws(StoreError) {
                let applied = try next.apply(
                    pending.mutation, owner: pending.owner, now: now, maximumPlacesPerOwner: maximumPlacesPerOwner,
                    id: foretold?[offset].change.place.id, generator: &generator)
                outcomes.append(.success(applied.outcome))
                // Taken over rather than copied when first: an import's are one for each of its places.
                if writes.isEmpty { writes = applied.writes } else { writes.append(contentsOf: applied.writes) }
                if logged.isEmpty { logged = applied.logged } else { logged.append(contentsOf: applied.logged) }
            } catch {
                outcomes.append(.failure(error))
            }
        }
        if let foretold, logged != foretold {
            // Never expected: what was sent, with its COMMIT, is not what the batch does in memory. The engine
            // waits for the outcome and leaves its last revision where it was, so that whatever was saved is
            // brought in from the change log as another host's change would be.
            shared?.endBatch()
            result.outcomes = outcomes.map { _ in
                .failure(.outcomeUnknown("the batch came out other than this host had sent it"))
            }
            return (batch, result)
        }
        guard !writes.isEmpty else {
            shared?.endBatch()
            result.outcomes = outcomes
            return (batch, result)
        }
        let ending =
            if let shared, foretold != nil {
                shared.commitAhead(next: next)
            } else {
                engine.commit(writes, changes: logged, next: next)
            }
        switch ending {
        case .committed(let reloaded):
            state = reloaded ?? next
            committedTransactions += 1
            result.outcomes = outcomes
            result.changes += logged.map(\.change)
            result.snapshot = StoreSnapshot(state: state)
        case .failed(let reason, let reloaded):
            result.outcomes = outcomes.map { _ in .failure(.storage(reason)) }
            if let reloaded {
                state = reloaded
                result.snapshot = StoreSnapshot(state: reloaded)
                // What the engine read back may hold others' changes that nobody was told of.
                result.isStreamBroken = true
            }
        case .unknown(let reason):
            result.outcomes = outcomes.map { _ in .failure(.outcomeUnknown(reason)) }
        }
        return (batch, result)
    }

    /// `batch` as additions with new ids, or nil if it holds another mutation (or is empty).
    private func additions(in batch: [PendingMutation]) -> [Addition]? {
        guard !batch.isEmpty else { return nil }
        var additions: [Addition] = []
        additions.reserveCapacity(batch.count)
        for pending in batch {
            guard case .add(let draft) = pending.mutation else { return nil }
            additions.append(Addition(draft: draft, owner: pending.owner, id: PlaceID.random(using: &generator)))
        }
        return additions
    }

    /// Brings in what other hosts committed, without writing: how an idle host follows them.
    func follow() -> BatchResult {
        var result = BatchResult(outcomes: [], changes: [])
        guard let shared, !engine.isLocked, engine.refusal == nil else { return result }
        _ = catchUp(shared.follow(), from: shared, into: &result)
        return result
    }

    /// Applies what the shared engine `shared` brought in to `state`, recording the changes and the snapshot to
    /// publish in `result`; returns false if the batch cannot go on (the engine failed, or the log did not follow
    /// the state and the state was read again), with the refusal in `result.failure`.
    private func catchUp(
        _ catchUp: CatchUp, from shared: any SharedPersistenceEngine, into result: inout BatchResult
    ) -> Bool {
        switch catchUp {
        case .changes(let logged):
            guard !logged.isEmpty else { return true }
            var caughtUp = state
            for entry in logged {
                do throws(DamagedState) {
                    try caughtUp.replay(entry)
                } catch {
                    shared.endBatch()
                    result.failure = .storage("the change log does not follow this host's state: \(error.reason)")
                    if case .success(let loaded) = shared.reload() {
                        adopt(loaded, into: &result)
                    }
                    return false
                }
            }
            state = caughtUp
            result.changes = logged.map(\.change)
            result.snapshot = StoreSnapshot(state: state)
            return true
        case .reloaded(let loaded):
            adopt(loaded, into: &result)
            return true
        case .failed(let error):
            result.failure = error
            return false
        }
    }

    /// Makes a state read again from the database current; watchers cannot be told how it differs.
    private func adopt(_ loaded: StoreState, into result: inout BatchResult) {
        state = loaded
        result.changes = []
        result.snapshot = StoreSnapshot(state: loaded)
        result.isStreamBroken = true
    }

    /// The committed changes after `revision` (`owner`'s revision, or with nil the store's) as far as this
    /// host's state goes, or why they cannot be had.
    func history(after revision: Int64, of owner: UserID?) -> Result<ChangeHistory, StoreError> {
        let current = owner.map { state.lists[$0]?.revision ?? 0 } ?? state.revision
        guard revision < current else {
            return .success(revision == current ? .changes([], through: current) : .ahead(current: current))
        }
        return engine.loggedChanges(after: revision, of: owner).map { logged in
            let changes = logged.prefix { (owner == nil ? $0.storeRevision : $0.revision) <= current }
            let first = changes.first.map { owner == nil ? $0.storeRevision : $0.revision }
            guard first == revision + 1, changes.count == current - revision else {
                return .pruned(oldestRevision: first ?? current + 1)
            }
            return .changes(Array(changes), through: current)
        }
    }

    /// `owner`'s logged changes up to this host's state, oldest first, as far as the log still holds them.
    func loggedChanges(of owner: UserID) -> Result<[PlaceChange], StoreError> {
        let current = state.lists[owner]?.revision ?? 0
        return engine.loggedChanges(after: 0, of: owner).map { logged in logged.filter { $0.revision <= current } }
    }

    /// Whether the places are sealed (whether or not the store is unlocked).
    var isEncrypted: Bool { engine.isEncrypted }

    /// Whether the store is sealed and its places are not loaded yet.
    var isLocked: Bool { engine.isLocked }

    /// Checks `key` and, if the store is locked, loads and decrypts its places; returns the snapshot to publish,
    /// or nil if nothing changed (the store was unlocked with this key already). A failure leaves the store as it
    /// was.
    func unlock(with key: StoreKey) -> Result<StoreSnapshot?, StoreError> {
        engine.unlock(with: key).map { loaded in
            loaded.map { loaded in
                state = loaded
                return StoreSnapshot(state: loaded)
            }
        }
    }

    /// Changes the per-owner place limit for later batches.
    func setMaximumPlacesPerOwner(_ limit: Int) {
        maximumPlacesPerOwner = limit
    }

    /// Closes the engine. Idempotent.
    func close() {
        engine.close()
    }
}
