import Dispatch
import PlacesLocking
import PlacesModel
import PlacesPersistence
import PlacesPostgres
import PlacesSQLite
import PlacesSealing
import PlacesState
import PlacesSystem
import Synchronization

/// The single writer and source of truth for places, persisted in SQLite or, shared by many hosts, PostgreSQL.
///
/// Reads never wait for writes: `snapshot()` returns the state published after the last commit. Mutations queue to
/// one writer, which commits everything waiting in one transaction (group commit), publishes the new snapshot,
/// tells the change observer, and only then calls each mutation's completion.
public final class PlaceStore: Sendable {
    /// Where the places are kept, as the engine names it (the database file's path).
    public let path: String
    /// Whether the database holds sealed places (whether or not the store is unlocked).
    public let isEncrypted: Bool
    private let queue: DispatchQueue
    /// Used only on `queue` (and in `init`/`deinit`): the lock is never contended and just carries the writer there.
    private let writer: Locked<StoreWriter>
    private let published: Locked<StoreSnapshot>
    private let inbox = Locked(Inbox())
    /// Boxed: a bare function value kept in a generic lock is reabstracted on every `withLock`, and each
    /// round trip wrapped it in one more thunk, so calling it got slower with every commit.
    private let observer = Locked<ChangeObserver?>(nil)

    /// The observer function, held in a struct so it keeps its own abstraction inside the lock.
    private struct ChangeObserver: Sendable {
        let notify: @Sendable ([PlaceChange]) -> Void
    }
    /// Called when the state was read again and watchers missed changes; boxed for the same reason.
    private let gapObserver = Locked<GapObserver?>(nil)

    private struct GapObserver: Sendable {
        let notify: @Sendable () -> Void
    }
    /// Called after each set of completions; boxed for the same reason as `observer`.
    private let completionsDelivered = Locked<CompletionsDelivered?>(nil)

    private struct CompletionsDelivered: Sendable {
        let handle: @Sendable () -> Void
    }
    private let transactionCount = Atomic<Int>(0)
    /// The newest revision a wake-up named since the queued follow was scheduled (`Int64.max` for a wake-up that
    /// named none), or 0 when no follow is queued.
    private let followTarget = Atomic<Int64>(0)
    private let problem = Locked<String?>(nil)

    /// The store the engine's wake-ups go to, once it is made; weak, so that the engine does not keep it alive.
    private final class WeakStore: Sendable {
        private let store = Locked<Weak?>(nil)

        private struct Weak: @unchecked Sendable {
            // Sendable: PlaceStore is Sendable; the box only keeps the reference weak.
            weak var store: PlaceStore?
        }

        var value: PlaceStore? {
            get { store.withLock { $0?.store } }
            set { store.withLock { $0 = Weak(store: newValue) } }
        }
    }

    /// Mutations submitted but not yet taken by the writer.
    private struct Inbox {
        var pending: [PendingMutation] = []
        var isDrainScheduled = false
        var isClosed = false
    }

    /// Opens (or creates) the database at `path` and loads every place into memory: a SQLite file, or with a
    /// PostgreSQL connection URI or `key=value` string, a database shared with other hosts (see `PostgresEngine`).
    ///
    /// A file that is not SQLite, not a placesd database, newer than this build, damaged, unreadable or already
    /// in use is refused with `StoreError.cannotOpen` and left untouched.
    ///
    /// With `options.key`, a plaintext (or new) store is sealed with it first, in one transaction, and a sealed
    /// store is decrypted as it loads; a store sealed with another key is refused with `StoreError.wrongKey`.
    /// Without a key, a sealed store opens locked: see `unlock(with:completion:)`.
    public convenience init(
        path: String, options: StoreOptions = StoreOptions(),
        clock: @escaping @Sendable () -> Timestamp = systemClock
    ) throws(StoreError) {
        let engine: any PersistenceEngine =
            if PostgresLocation.isConnectionString(path) {
                try PostgresEngine(conninfo: path, key: options.key, limits: options.changeLogLimits)
            } else {
                try SQLiteEngine(path: path, key: options.key, limits: options.changeLogLimits, hook: options.faultHook)
            }
        self.init(engine: engine, maximumPlacesPerOwner: options.maximumPlacesPerOwner, clock: clock)
    }

    /// Makes the store of the places `engine` opened and loaded; from now on only the store uses the engine.
    package init(
        engine: sending any PersistenceEngine, maximumPlacesPerOwner: Int = StoreOptions().maximumPlacesPerOwner,
        clock: @escaping @Sendable () -> Timestamp = systemClock
    ) {
        let writer = StoreWriter(engine: engine, maximumPlacesPerOwner: maximumPlacesPerOwner, clock: clock)
        self.path = engine.location
        self.isEncrypted = writer.isEncrypted
        self.published = Locked(StoreSnapshot(state: writer.state, isLocked: writer.isLocked))
        // The wake-up function is set before the writer goes behind its lock: the engine calls it from its
        // own thread, and it only queues work for the writer.
        let store = WeakStore()
        writer.engine.startFollowing { revision in store.value?.follow(through: revision) }
        self.writer = Locked(writer)
        self.queue = DispatchQueue(label: "placesd.store.writer")
        store.value = self
    }

    deinit {
        writer.withLock { $0.close() }
    }

    /// Whether `database` names a PostgreSQL database (a connection URI or `key=value` string) rather than a
    /// SQLite file.
    public static func isSharedDatabase(_ database: String) -> Bool {
        PostgresLocation.isConnectionString(database)
    }

    /// How messages name `database`: the path of a SQLite file, a PostgreSQL database without its password or
    /// options.
    public static func describeDatabase(_ database: String) -> String {
        isSharedDatabase(database) ? PostgresLocation.describe(database) : database
    }

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

    /// Sets (or, with nil, removes) the function called on the writer queue after each committed batch with its
    /// changes in commit order, before the batch's completions run.
    public func setChangeObserver(_ observer: (@Sendable ([PlaceChange]) -> Void)?) {
        let boxed = observer.map(ChangeObserver.init(notify:))
        self.observer.withLock { $0 = boxed }
    }

    /// Sets (or, with nil, removes) the function called on the writer queue when the state was read again from the
    /// database (the change log no longer reached back to it): watchers then missed changes and must start again.
    public func setGapObserver(_ observer: (@Sendable () -> Void)?) {
        let boxed = observer.map(GapObserver.init(notify:))
        gapObserver.withLock { $0 = boxed }
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

    /// Sets (or, with nil, removes) the function called on the writer queue after the completions of each batch
    /// have run: completions that only queue their replies can leave the wake-up of whoever takes them to it.
    public func setCompletionsDeliveredHandler(_ handler: (@Sendable () -> Void)?) {
        let boxed = handler.map(CompletionsDelivered.init(handle:))
        completionsDelivered.withLock { $0 = boxed }
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

    /// Re-seals every place of the database at `path` with `newKey` in one transaction, while no store has it
    /// open; a nil `oldKey` means the places are in plaintext now, a nil `newKey` that they are to be decrypted.
    ///
    /// Afterwards no copy sealed with the old key (or in plaintext) is left in the database file or its WAL.
    /// Throws `StoreError.cannotOpen` for a database in use, unusable or with a row that does not open,
    /// `.wrongKey` if `oldKey` is not the store's key, `.locked` if the store is sealed and `oldKey` is nil, and
    /// `.notEncrypted` if `oldKey` is given for a plaintext store; nothing is changed then.
    public static func rekey(path: String, from oldKey: StoreKey?, to newKey: StoreKey?) throws(StoreError) {
        try SQLiteEngine.rekey(path: path, from: oldKey, to: newKey)
    }

    /// Copies the whole store at `source` into the empty store at `target` (each a SQLite path or a PostgreSQL
    /// connection string), with ids, order, versions and revisions, sealed rows as they are: no key is needed, and
    /// the target is sealed with the source's key if the source is. The change log is not copied: watchers take a
    /// fresh snapshot. No store may have either open; a target that holds places is refused and left unchanged.
    /// Returns how many places were copied.
    @discardableResult
    public static func migrate(from source: String, to target: String) throws(StoreError) -> Int {
        let rows =
            isSharedDatabase(source)
            ? try PostgresStoreTransfer.read(conninfo: source) : try SQLiteStoreTransfer.read(path: source)
        if isSharedDatabase(target) {
            try PostgresStoreTransfer.write(rows, conninfo: target)
        } else {
            try SQLiteStoreTransfer.write(rows, to: target)
        }
        return rows.places.count
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
        let current = writer.withLock { $0.engine.problem }
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
