import Dispatch
import PlacesLocking
import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesSystem
import Synchronization

/// The single writer and source of truth for places, persisted by whatever engine it is handed.
///
/// Reads never wait for writes: `snapshot()` returns the state published after the last commit. Mutations queue to
/// one writer, which commits everything waiting in one transaction (group commit), publishes the new snapshot,
/// tells the change observer, and only then calls each mutation's completion.
public final class PlaceStore: Sendable {
    /// Where the places are kept, as the engine names it (the database file's path).
    public let path: String
    /// Whether the database holds sealed places (whether or not the store is unlocked).
    public let isEncrypted: Bool
    let queue: DispatchQueue
    /// Used only on `queue` (and in `init`/`deinit`): the lock is never contended and just carries the writer there.
    let writer: Locked<StoreWriter>
    private let published: Locked<StoreSnapshot>
    private let inbox = Locked(Inbox())
    /// Boxed: a bare function value kept in a generic lock is reabstracted on every `withLock`, and each
    /// round trip wrapped it in one more thunk, so calling it got slower with every commit.
    let observer = Locked<ChangeObserver?>(nil)
    /// Called when the state was read again and watchers missed changes; boxed for the same reason.
    let gapObserver = Locked<GapObserver?>(nil)
    /// Called after each set of completions; boxed for the same reason as `observer`.
    let completionsDelivered = Locked<CompletionsDelivered?>(nil)
    private let transactionCount = Atomic<Int>(0)
    /// The newest revision a wake-up named since the queued follow was scheduled (`Int64.max` for a wake-up that
    /// named none), or 0 when no follow is queued.
    private let followTarget = Atomic<Int64>(0)
    private let problem = Locked<String?>(nil)

    /// Mutations submitted but not yet taken by the writer.
    private struct Inbox {
        var pending: [PendingMutation] = []
        var isDrainScheduled = false
        var isClosed = false
    }

    /// Makes the store of the places `engine` opened and loaded; from now on only the store uses the engine.
    package init(
        engine: sending any PersistenceEngine, maximumPlacesPerOwner: Int = defaultMaximumPlacesPerOwner,
        clock: @escaping @Sendable () -> Timestamp = systemClock
    ) {
        let writer = StoreWriter(engine: engine, maximumPlacesPerOwner: maximumPlacesPerOwner, clock: clock)
        self.path = engine.location
        self.isEncrypted = writer.isEncrypted
        self.published = Locked(StoreSnapshot(state: writer.state, isLocked: writer.isLocked))
        // The wake-up function is set before the writer goes behind its lock: the engine calls it from its
        // own thread, and it only queues work for the writer.
        let store = WeakStore()
        writer.shared?.startFollowing { revision in store.value?.follow(through: revision) }
        self.writer = Locked(writer)
        self.queue = DispatchQueue(label: "placesd.store.writer")
        store.value = self
    }

    deinit {
        writer.withLock { $0.close() }
    }

    /// The most places one owner may have unless the store is told otherwise.
    public static let defaultMaximumPlacesPerOwner = 1_000_000

    /// The wall clock (`CLOCK_REALTIME`) in milliseconds.
    public static let systemClock: @Sendable () -> Timestamp = {
        Timestamp(millisecondsSinceEpoch: Clock.realtimeMilliseconds())
    }

    /// The state as of the last commit; cheap, and never waits for the writer.
    public func snapshot() -> StoreSnapshot {
        published.withLock { $0 }
    }

    /// How many transactions the writer has committed since the store opened (each may hold many mutations).
    public var committedTransactionCount: Int {
        transactionCount.load(ordering: .relaxed)
    }

    /// Queues a change by `owner`; `completion` runs on the writer's queue after the batch committed (or failed).
    ///
    /// Never blocks. Mutations are applied in submission order; a success is reported only after `COMMIT`
    /// returned, and the new snapshot is already published when `completion` runs.
    public func submit(
        _ mutation: Mutation, owner: UserID,
        completion: @escaping @Sendable (Result<MutationOutcome, StoreError>) -> Void
    ) {
        var one = [PendingMutation(mutation, owner: owner, completion: completion)]
        submit(contentsOf: &one)
    }

    /// Queues every submission of `submissions`, in order, and empties it (keeping its capacity).
    ///
    /// Submitting what a caller gathered at once takes the inbox's lock and wakes the writer once, and the whole
    /// set goes into one transaction unless the writer is already committing. Never blocks.
    public func submit(contentsOf submissions: inout [PendingMutation]) {
        guard !submissions.isEmpty else { return }
        let schedule = inbox.withLock { inbox -> Bool? in
            guard !inbox.isClosed else { return nil }
            inbox.pending.append(contentsOf: submissions)
            guard !inbox.isDrainScheduled else { return false }
            inbox.isDrainScheduled = true
            return true
        }
        switch schedule {
        case nil:
            let refused = submissions
            queue.async {
                for submission in refused { submission.completion(.failure(.closed)) }
                self.completionsDelivered.withLock { $0 }?.handle()
            }
        case true?: queue.async { self.drain() }
        case false?: break
        }
        submissions.removeAll(keepingCapacity: true)
    }

    /// Submits `mutation` and waits for its result; for tests and tools. Must not be called on the writer queue.
    public func perform(_ mutation: Mutation, owner: UserID) throws(StoreError) -> MutationOutcome {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let result = ResultBox<MutationOutcome>()
        submit(mutation, owner: owner) { outcome in result.fulfil(outcome) }
        return try result.wait().get()
    }

    /// Runs `body` on the writer's queue, between two batches, with the committed changes after `revision`:
    /// `owner`'s after its revision `revision`, or with nil every owner's after the store revision `revision`.
    ///
    /// The next batch's changes go to the change observer after `body` returned, so that a watcher registered in
    /// `body` continues from `ChangeHistory.changes(_:through:)` with neither a gap nor an overlap.
    public func history(
        after revision: Int64, of owner: UserID?,
        _ body: @escaping @Sendable (Result<ChangeHistory, StoreError>) -> Void
    ) {
        queue.async {
            let history = self.writer.withLock { $0.history(after: revision, of: owner) }
            body(history)
        }
    }

    /// Brings in, on the writer's queue, what other hosts committed, and publishes it: the engine calls this when
    /// it learns that there is something new (a notification naming `revision`, or a timer, with nil). Wake-ups
    /// while one is queued add nothing, and so does one for a revision the snapshot has reached, when it comes
    /// and when the follow would run: a batch that took the write lock meanwhile brought in what the others had
    /// committed, the change the notification names among it.
    public func follow(through revision: Int64? = nil) {
        if let revision, snapshot().revision >= revision { return }
        let wanted = revision ?? .max
        var queued = followTarget.load(ordering: .acquiring)
        while queued < wanted {
            let (exchanged, original) = followTarget.compareExchange(
                expected: queued, desired: wanted, ordering: .acquiringAndReleasing)
            if exchanged { break }
            queued = original
        }
        // Otherwise the follow queued already reads as far as this one would.
        guard queued == 0 else { return }
        queue.async {
            let target = self.followTarget.exchange(0, ordering: .acquiringAndReleasing)
            guard !self.inbox.withLock({ $0.isClosed }) else { return }
            if target != .max, self.snapshot().revision >= target { return }
            let result = self.writer.withLock { $0.follow() }
            let retired = self.deliver(result)
            // The events were queued for the loops with their wake-up left to the end of a batch, as here.
            self.completionsDelivered.withLock { $0 }?.handle()
            withExtendedLifetime(retired) {}
        }
    }

    /// Why the database cannot be reached at the moment, as of the last batch or follow; nil while it can.
    public var databaseProblem: String? {
        problem.withLock { $0 }
    }

    /// Finishes the queued mutations, checkpoints the WAL and closes the database; later submissions fail with
    /// `StoreError.closed`. Snapshots stay readable. Idempotent; must not be called on the writer queue.
    public func close() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        inbox.withLock { $0.isClosed = true }
        queue.sync {
            drain()
            writer.withLock { $0.close() }
        }
    }

    /// Changes the most places one owner may have; applies to mutations committed from now on.
    public func setMaximumPlacesPerOwner(_ limit: Int) {
        queue.async { self.writer.withLock { $0.setMaximumPlacesPerOwner(limit) } }
    }

    /// Runs `body` on the writer's queue once the work queued before it is done; a writer stuck in a commit
    /// never runs it, which is what the watchdog relies on.
    public func afterQueuedWork(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    /// Checks `key` against a sealed store and, if it is the store's key, loads and decrypts every place on the
    /// writer's queue and publishes them; `completion` runs on that queue.
    ///
    /// A wrong key fails with `StoreError.wrongKey` and the store stays locked; a plaintext store fails with
    /// `StoreError.notEncrypted`. Unlocking an unlocked store with its own key does nothing. The change observer is
    /// not called: only the published snapshot changes.
    public func unlock(with key: StoreKey, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        queue.async {
            let result = self.writer.withLock { writer in writer.unlock(with: key) }
            switch result {
            case .success(let snapshot):
                if let snapshot {
                    _ = self.publish(snapshot)
                }
                completion(.success(()))
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    /// Makes `snapshot` the one readers get; returns the one it replaced.
    ///
    /// The previous snapshot may hold the last reference to every node the batch copied: the caller lets it go
    /// after unlocking (so that readers never wait for a deallocation) and, after a batch, after waking whoever
    /// waits for the batch's replies, so that freeing those nodes overlaps with answering.
    private func publish(_ snapshot: StoreSnapshot) -> StoreSnapshot {
        published.withLock { current in
            let previous = current
            current = snapshot
            return previous
        }
    }

    /// Runs on `queue`: publishes what a batch (or following) made, and tells the observers; returns the snapshot
    /// it replaced (nil if none), for the caller to let go last.
    private func deliver(_ result: BatchResult) -> StoreSnapshot? {
        let current = writer.withLock { $0.shared?.problem }
        problem.withLock { $0 = current }
        var retired: StoreSnapshot?
        if let snapshot = result.snapshot {
            retired = publish(snapshot)
        }
        if result.isStreamBroken {
            gapObserver.withLock { $0 }?.notify()
        }
        if !result.changes.isEmpty, let observer = observer.withLock({ $0 }) {
            observer.notify(result.changes)
        }
        return retired
    }

    /// Runs on `queue`: takes everything submitted so far, leaving the inbox empty.
    private func takePending() -> [PendingMutation] {
        inbox.withLock { inbox in
            defer { inbox.pending.removeAll(keepingCapacity: false) }
            return inbox.pending
        }
    }

    /// Runs on `queue`: commits batches until nothing is waiting.
    private func drain() {
        while true {
            let isPending = inbox.withLock { inbox -> Bool in
                if inbox.pending.isEmpty { inbox.isDrainScheduled = false }
                return !inbox.pending.isEmpty
            }
            guard isPending else { return }
            let (batch, result) = writer.withLock { writer in
                let before = writer.committedTransactions
                let committed = writer.commit(taking: takePending)
                transactionCount.add(writer.committedTransactions - before, ordering: .relaxed)
                return committed
            }
            let retired = deliver(result)
            for (pending, outcome) in zip(batch, result.outcomes) {
                pending.completion(outcome)
            }
            completionsDelivered.withLock { $0 }?.handle()
            withExtendedLifetime(retired) {}
        }
    }
}
