import CSQLite
import PlacesModel

/// The store's only writer: turns each batch of mutations into one SQLite transaction.
///
/// Lives on the store's writer queue. The next state is built beside the current one and becomes current only
/// after `COMMIT` returned OK, so a failed batch leaves memory exactly as it was.
final class StoreWriter {
    /// The database file and its lock.
    let file: DatabaseFile
    /// The last committed state.
    private(set) var state: StoreState
    /// How many transactions committed since the store opened.
    private(set) var committedTransactions = 0
    private var database: WriterDatabase?
    private var options: StoreOptions
    private let clock: @Sendable () -> Timestamp
    /// Set when the database could not be reopened after a failure: every later batch fails with it.
    private var unavailableReason: String?
    /// Makes the ids of added places.
    private var generator = BufferedRandomGenerator()
    /// How the places are kept: in plaintext, sealed, or sealed and locked.
    private var sealing: StoreSealing

    /// Locks the file, checks it read-only, then opens it for writing, migrates and loads it (sealing it first if
    /// it is in plaintext and `options.key` is given).
    init(path: String, options: StoreOptions, clock: @escaping @Sendable () -> Timestamp) throws(StoreError) {
        file = try DatabaseFile(path: path)
        FaultVFS.attach(options.faultInjection, toDatabaseAt: path)
        let (database, state, sealing) = try DatabaseOpener.open(path: path, key: options.key)
        self.database = database
        self.state = state
        self.sealing = sealing
        self.options = options
        self.clock = clock
    }

    /// Applies `batch` in order, commits whatever changed in one transaction, and reports each mutation's result.
    ///
    /// Each mutation sees the ones before it in the batch. If the transaction fails, every mutation of the batch
    /// gets `StoreError.storage` (a refusal computed against uncommitted changes would be misleading), and the
    /// state stays as it was.
    func commit(_ batch: [PendingMutation]) -> BatchResult {
        if let unavailableReason {
            return BatchResult(outcomes: batch.map { _ in .failure(.storage(unavailableReason)) }, changes: [])
        }
        guard let database else {
            return BatchResult(outcomes: batch.map { _ in .failure(.closed) }, changes: [])
        }
        guard !sealing.isLocked else {
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
                    pending.mutation, owner: pending.owner, now: now,
                    maximumPlacesPerOwner: options.maximumPlacesPerOwner, generator: &generator)
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
        var injectedFault: FaultInjection.Fault?
        do throws(SQLiteError) {
            try persist(writes, changes: changes, next: next, database: database, injectedFault: &injectedFault)
        } catch {
            return recover(
                from: error, outcomes: outcomes, changes: changes, next: next, database: database,
                injectedFault: injectedFault)
        }
        state = next
        committedTransactions += 1
        return BatchResult(outcomes: outcomes, changes: changes, snapshot: StoreSnapshot(state: next))
    }

    /// Whether the database holds sealed places.
    var isEncrypted: Bool { sealing.isEncrypted }

    /// Whether the store is sealed and its places are not loaded yet.
    var isLocked: Bool { sealing.isLocked }

    /// Checks `key` and, if the store is locked, loads and decrypts its places; returns the snapshot to publish,
    /// or nil if nothing changed (the store was unlocked with this key already).
    ///
    /// A failure leaves the store as it was.
    func unlock(with key: StoreKey) -> Result<StoreSnapshot?, StoreError> {
        switch sealing {
        case .plaintext, .sealing: return .failure(.notEncrypted)
        case .sealed(let cipher): return cipher.key.matches(key) ? .success(nil) : .failure(.wrongKey(path: file.path))
        case .locked(let keyCheck):
            guard KeyCheck.verify(keyCheck, matches: key) else { return .failure(.wrongKey(path: file.path)) }
            if let unavailableReason {
                return .failure(.storage(unavailableReason))
            }
            guard let database else { return .failure(.closed) }
            let cipher = PlaceCipher(key: key)
            let loaded: StoreState
            do throws(StoreError) {
                loaded = try WriterDatabase.load(from: database.connection, sealing: .sealed(cipher))
            } catch {
                return .failure(error)
            }
            sealing = .sealed(cipher)
            database.statements.cipher = cipher
            state = loaded
            return .success(StoreSnapshot(state: loaded))
        }
    }

    /// Changes the per-owner place limit for later batches.
    func setMaximumPlacesPerOwner(_ limit: Int) {
        options.maximumPlacesPerOwner = limit
    }

    /// Checkpoints the WAL into the database file, closes the connection and releases the lock. Idempotent.
    func close() {
        database?.close(checkpointing: true)
        database = nil
        file.unlock()
    }

    /// Closes the connection (discarding any unfinished transaction), opens a new one and loads the state from it.
    func replaceDatabase() throws(StoreError) -> StoreState {
        database?.close(checkpointing: false)
        database = nil
        let (database, loaded, sealing) = try WriterDatabase.open(path: file.path, key: sealing.writingCipher?.key)
        self.database = database
        self.sealing = sealing
        return loaded
    }

    /// Makes `state` the committed state.
    func adopt(_ state: StoreState) {
        self.state = state
    }

    /// Counts a transaction that committed.
    func countCommittedTransaction() {
        committedTransactions += 1
    }

    /// Fails every later batch with `reason`: the database could not be reopened.
    func markUnavailable(_ reason: String) {
        unavailableReason = reason
    }

    private func persist(
        _ writes: [PlaceWrite], changes: [PlaceChange], next: StoreState, database: WriterDatabase,
        injectedFault: inout FaultInjection.Fault?
    ) throws(SQLiteError) {
        if let pages = options.faultInjection?.takePageCountChange() {
            try database.connection.execute("PRAGMA max_page_count = \(pages ?? 4_294_967_294)")
        }
        let statements = database.statements
        try statements.beginTransaction()
        for write in writes {
            try statements.write(write)
        }
        var savedOwners: Set<UserID> = []
        for change in changes where savedOwners.insert(change.place.owner).inserted {
            try statements.saveRevision(next.lists[change.place.owner]?.revision ?? 0, of: change.place.owner)
        }
        try statements.saveStoreRevision(next.revision)
        if let fault = options.faultInjection?.takeFault() {
            injectedFault = fault
            throw SQLiteError(code: SQLITE_IOERR, message: "disk I/O error (injected)")
        }
        try statements.commitTransaction()
    }
}
