import CSQLite
import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesSystem

/// The embedded engine: the places in one SQLite file, WAL mode, `synchronous=FULL` (every commit synced to
/// disk before it counts), sealed with the store's key when there is one.
///
/// The file's lock makes this host its only writer: there is nothing to bring in from others before a batch, so
/// it is not a `SharedPersistenceEngine`.
///
/// Used only on the store's writer queue.
package final class SQLiteEngine: PersistenceEngine {
    /// The database file and its lock.
    let file: DatabaseFile
    /// The last committed state, as the engine knows it.
    private(set) var state: StoreState
    private var database: WriterDatabase?
    private let hook: (any SQLiteFaultHook)?
    /// Set when the database could not be reopened after a failure: every later batch fails with it.
    private var unavailableReason: String?
    /// How the places are kept: in plaintext, sealed, or sealed and locked.
    private var sealing: StoreSealing
    /// How much of the change log is kept.
    private let limits: ChangeLogLimits

    /// Locks the file, checks it read-only, then opens it for writing, migrates and loads it (sealing it first if
    /// it is in plaintext and a key is given).
    ///
    /// A file that is not SQLite, not a placesd database, newer than this build, damaged, unreadable or already
    /// in use is refused with `StoreError.cannotOpen` and left untouched; a sealed one with another key with
    /// `StoreError.wrongKey`. Without a key, a sealed store opens locked. `hook` makes chosen operations fail, for
    /// tests. The change log keeps what `limits` say.
    package init(
        path: String, key: StoreKey?, limits: ChangeLogLimits = .standard, hook: (any SQLiteFaultHook)? = nil
    ) throws(StoreError) {
        file = try DatabaseFile(path: path)
        if let hook {
            hook.willOpen(databaseAt: path)
        } else {
            // A test that routed this database through its own VFS may have closed its store: open it plainly.
            SQLiteVFSRoutes.route(databaseAt: path, toVFS: nil)
        }
        let (database, state, sealing) = try DatabaseOpener.open(path: path, key: key, limits: limits)
        self.database = database
        self.limits = limits
        self.state = state
        self.sealing = sealing
        self.hook = hook
    }

    package var location: String { file.path }

    package var isEncrypted: Bool { sealing.isEncrypted }

    package var isLocked: Bool { sealing.isLocked }

    package var refusal: StoreError? {
        if let unavailableReason { return .storage(unavailableReason) }
        if database == nil { return .closed }
        return nil
    }

    package func load() -> StoreState {
        state
    }

    package func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError> {
        if let unavailableReason { return .failure(.storage(unavailableReason)) }
        guard let database else { return .failure(.closed) }
        do {
            return .success(try database.changeLog.changes(after: revision, of: owner))
        } catch let error as DamagedState {
            return .failure(.storage("database '\(file.path)': \(error.reason)"))
        } catch {
            return .failure(.storage("database '\(file.path)': \(error)"))
        }
    }

    package func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit {
        if let unavailableReason { return .failed(reason: unavailableReason, reloaded: nil) }
        guard let database else { return .failed(reason: StoreError.closed.description, reloaded: nil) }
        var injectedFault: InjectedCommitFault?
        do throws(SQLiteError) {
            try persist(writes, changes: changes, next: next, database: database, injectedFault: &injectedFault)
        } catch {
            return recover(from: error, next: next, database: database, injectedFault: injectedFault)
        }
        state = next
        return .committed(reloaded: nil)
    }

    package func unlock(with key: StoreKey) -> Result<StoreState?, StoreError> {
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
            database.changeLog.cipher = cipher
            state = loaded
            return .success(loaded)
        }
    }

    /// Checkpoints the WAL into the database file, closes the connection and releases the lock. Idempotent.
    package func close() {
        database?.close(checkpointing: true)
        database = nil
        file.unlock()
    }

    /// Closes the connection (discarding any unfinished transaction), opens a new one and loads the state from it.
    func replaceDatabase() throws(StoreError) -> StoreState {
        database?.close(checkpointing: false)
        database = nil
        let (database, loaded, sealing) = try WriterDatabase.open(
            path: file.path, key: sealing.writingCipher?.key, limits: limits)
        self.database = database
        self.sealing = sealing
        return loaded
    }

    /// Makes `state` the committed state.
    func adopt(_ state: StoreState) {
        self.state = state
    }

    /// Fails every later batch with `reason`: the database could not be reopened.
    func markUnavailable(_ reason: String) {
        unavailableReason = reason
    }

    private func persist(
        _ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState, database: WriterDatabase,
        injectedFault: inout InjectedCommitFault?
    ) throws(SQLiteError) {
        if let pages = hook?.takePageCountChange() {
            try database.connection.execute("PRAGMA max_page_count = \(pages ?? 4_294_967_294)")
        }
        let statements = database.statements
        try statements.beginTransaction()
        for write in writes {
            try statements.write(write)
        }
        var savedOwners: Set<UserID> = []
        for logged in changes where savedOwners.insert(logged.change.place.owner).inserted {
            let owner = logged.change.place.owner
            try statements.saveRevision(next.lists[owner]?.revision ?? 0, of: owner)
        }
        try statements.saveStoreRevision(next.revision)
        let now = Clock.realtimeMilliseconds()
        try database.changeLog.append(changes, at: now)
        try database.changeLog.prune(at: next.revision, now: now)
        if let fault = hook?.takeCommitFault() {
            injectedFault = fault
            throw SQLiteError(code: SQLITE_IOERR, message: "disk I/O error (injected)")
        }
        try statements.commitTransaction()
    }
}
