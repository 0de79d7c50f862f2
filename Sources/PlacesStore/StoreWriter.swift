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
/// it).
final class StoreWriter {
    /// Where the places are kept.
    let engine: any PersistenceEngine
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
        self.state = engine.load()
        self.maximumPlacesPerOwner = maximumPlacesPerOwner
        self.clock = clock
    }

    /// Applies `batch` in order, commits whatever changed in one transaction, and reports each mutation's result.
    ///
    /// Each mutation sees the ones before it in the batch. If the transaction fails, every mutation of the batch
    /// gets `StoreError.storage` (a refusal computed against uncommitted changes would be misleading), and the
    /// state stays as it was.
    func commit(_ batch: [PendingMutation]) -> BatchResult {
        if let refusal = engine.refusal {
            return BatchResult(outcomes: batch.map { _ in .failure(refusal) }, changes: [])
        }
        guard !engine.isLocked else {
            return BatchResult(outcomes: batch.map { _ in .failure(.locked) }, changes: [])
        }
        var next = state
        let now = clock()
        var outcomes: [Result<MutationOutcome, StoreError>] = []
        outcomes.reserveCapacity(batch.count)
        var writes: [PlaceWrite] = []
        var changes: [PlaceChange] = []
        for pending in batch {
            do throws(StoreError) {
                let applied = try next.apply(
                    pending.mutation, owner: pending.owner, now: now, maximumPlacesPerOwner: maximumPlacesPerOwner,
                    generator: &generator)
                outcomes.append(.success(applied.outcome))
                writes.append(contentsOf: applied.writes)
                changes.append(contentsOf: applied.changes)
            } catch {
                outcomes.append(.failure(error))
            }
        }
        guard !writes.isEmpty else {
            return BatchResult(outcomes: outcomes, changes: [])
        }
        switch engine.commit(writes, changes: changes, next: next) {
        case .committed(let reloaded):
            state = reloaded ?? next
            committedTransactions += 1
            return BatchResult(outcomes: outcomes, changes: changes, snapshot: StoreSnapshot(state: state))
        case .failed(let reason, let reloaded):
            var result = BatchResult(outcomes: outcomes.map { _ in .failure(.storage(reason)) }, changes: [])
            if let reloaded {
                state = reloaded
                result.snapshot = StoreSnapshot(state: reloaded)
            }
            return result
        }
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
