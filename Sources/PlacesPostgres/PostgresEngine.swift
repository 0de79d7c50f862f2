import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesSystem

/// The engine shared by many hosts: the places in a PostgreSQL database, every host keeping its own copy in
/// memory and following the change log.
///
/// Each batch takes the counter row's lock first, brings in what the other hosts committed since this host's
/// state (`beginBatch()`), and commits this host's rows, change log entries and revisions with a NOTIFY in the
/// same transaction (`commit`). An idle host follows the log when woken by that NOTIFY or by its poll timer
/// (`follow()`). Rows are sealed here, on the host, so the server never holds a place's private fields in
/// plaintext when the store has a key.
///
/// Used only on the store's writer queue.
package final class PostgresEngine: SharedPersistenceEngine {
    /// The connection string as given (it may carry a password: never shown).
    let conninfo: String
    package let location: String
    /// The writer's connection; nil while the database cannot be reached.
    var connection: PGConnection?
    /// How the places are kept.
    var sealing: PostgresSealing
    /// How much of the change log is kept.
    let limits: ChangeLogLimits
    /// The state loaded when the engine opened, until `load()` hands it over.
    private var loaded: StoreState
    /// The revision of the last state handed to the writer: the change log is read after it.
    var lastRevision: Int64
    /// When the change log was last pruned by age, in monotonic milliseconds.
    var lastAgePruning: Int64 = 0
    /// Every change below this revision is known to be pruned (by this host's last committed pruning); 0 until
    /// then, so that the first pruning after start-up goes from the log's start.
    var prunedBelow: Int64 = 0
    /// When a lost connection may be tried again, in monotonic milliseconds, and the wait after the next failure.
    var reconnection = (notBefore: Int64(0), delay: Int64(initialReconnectDelay))
    /// Why the database cannot be reached now; nil while it can.
    package internal(set) var problem: String?
    private var listener: PostgresListener?
    /// Whether `close()` was called: every later call is refused.
    private(set) var isClosed = false
    /// Whether a batch's transaction is open (between `beginBatch()` and `commit` or `endBatch()`).
    var isInBatch = false
    /// Whether the open batch's statements were sent ahead (`sendAhead(_:)`), their results not read yet.
    var isAhead = false
    /// Where the statements sent ahead prune the log below, if they do.
    var aheadPruning: Int64?
    /// Why the connection failed while statements and their COMMIT were sent ahead, until `commitAhead` or
    /// `endBatch()` takes it: the batch's outcome is unknown.
    var lostAhead: String?

    /// The longest any call waits for the server, in milliseconds.
    static let timeoutMilliseconds: Int32 = 15_000
    /// The first wait before reconnecting after a failure, in milliseconds; it doubles up to `maximumReconnectDelay`.
    static let initialReconnectDelay = 100
    /// The longest wait between reconnection attempts, in milliseconds.
    static let maximumReconnectDelay = 5_000
    /// How often an idle host reads the change log even without a notification, in milliseconds.
    static let pollIntervalMilliseconds: Int32 = 1_000
    /// The session settings: a statement (a wait for the counter's lock included) and a transaction left idle
    /// are cut off, so that a stalled host cannot hold the lock for long.
    static let sessionSettings = [
        ("statement_timeout", "'10s'"), ("idle_in_transaction_session_timeout", "'5s'"),
    ]

    /// Connects to the database `conninfo` (a libpq connection string or URI), creates placesd's tables if the
    /// database has none, and loads every place.
    ///
    /// With `key`, a new store is sealed with it and a sealed one is decrypted as it loads; without one, a
    /// sealed store opens locked. A database with other tables of the same names, a newer schema, a store
    /// sealed with another key (`StoreError.wrongKey`) or one in plaintext that holds places while a key is given
    /// is refused, and left as it was.
    package init(conninfo: String, key: StoreKey?, limits: ChangeLogLimits = .standard) throws(StoreError) {
        self.conninfo = conninfo
        self.location = PostgresLocation.describe(conninfo)
        self.limits = limits
        let location = self.location
        func refusal(_ failure: PGFailure) -> StoreError {
            .cannotOpen(path: location, reason: failure.reason)
        }
        let connection: PGConnection
        do throws(PGError) {
            connection = try Self.connect(conninfo, preparing: false)
        } catch {
            throw .cannotOpen(path: location, reason: error.message)
        }
        do throws(PGFailure) {
            try PostgresSetup.createTables(on: connection, location: location)
            do throws(PGError) {
                try Self.prepareStatements(on: connection)
            } catch {
                throw .database(error)
            }
            sealing = try PostgresSetup.sealing(on: connection, key: key, location: location)
            let isLocked = if case .locked = sealing { true } else { false }
            loaded = try PostgresLoader(connection: connection, cipher: sealing.cipher).load(
                inTransaction: false, isLocked: isLocked)
        } catch .damaged(let reason) where reason.hasPrefix(PostgresSetup.keyRefusal) {
            throw .wrongKey(path: location)
        } catch {
            throw refusal(error)
        }
        lastRevision = loaded.revision
        self.connection = connection
    }

    /// A new connection with the session settings and, unless the tables are still to be made (`preparing`
    /// false), every statement prepared.
    static func connect(_ conninfo: String, preparing: Bool = true) throws(PGError) -> PGConnection {
        let connection = try PGConnection(
            conninfo: conninfo, settings: sessionSettings, timeoutMilliseconds: timeoutMilliseconds)
        if preparing { try prepareStatements(on: connection) }
        return connection
    }

    /// Prepares every statement on `connection`, once the tables exist.
    static func prepareStatements(on connection: PGConnection) throws(PGError) {
        for statement in PostgresSchema.statements {
            try connection.prepare(statement)
        }
    }

    package var isEncrypted: Bool {
        if case .plaintext = sealing { false } else { true }
    }

    package var isLocked: Bool {
        if case .locked = sealing { true } else { false }
    }

    package var refusal: StoreError? {
        isClosed ? .closed : nil
    }

    /// Hands the loaded state over once: the engine keeps no copy, which would hold on to every place that
    /// changes later.
    package func load() -> StoreState {
        defer { loaded = StoreState() }
        return loaded
    }

    package func startFollowing(_ wake: @escaping @Sendable (Int64?) -> Void) {
        guard listener == nil, !isClosed else { return }
        listener = PostgresListener(
            conninfo: conninfo, pollIntervalMilliseconds: Self.pollIntervalMilliseconds, wake: wake)
    }

    package func follow() -> CatchUp {
        guard !isLocked else { return .changes([]) }
        let caughtUp = onConnection { connection throws(PGFailure) in
            let results = try connection.execute([
                PGCommand(PostgresSchema.readMeta),
                PGCommand(PostgresSchema.changesAfter, [.int(lastRevision), .int(Int64(Self.longestCatchUp))]),
            ])
            let revision = try results[0].value().int64(0, 0)
            return try catchUp(to: revision, from: results[1].value(), inTransaction: false)
        }
        switch caughtUp {
        case .success(let catchUp): return catchUp
        case .failure(let error): return .failed(error)
        }
    }

    /// The most changes brought in from the log at once; a host further behind reads the whole state again.
    static let longestCatchUp = 50_000

    /// What the change log rows `log` bring in, up to at least `revision` (the counter as read before them):
    /// the changes after `lastRevision` if they follow it, or else the whole state read again.
    func catchUp(to revision: Int64, from log: PGResult, inTransaction: Bool) throws(PGFailure) -> CatchUp {
        guard revision > lastRevision else { return .changes([]) }
        var changes: [LoggedChange] = []
        changes.reserveCapacity(log.rowCount)
        var scratch: [UInt8] = []
        for row in 0..<log.rowCount {
            do throws(DamagedState) {
                changes.append(try ChangeRows.change(in: log, at: row, cipher: sealing.cipher, scratch: &scratch))
            } catch {
                throw .damaged(error.reason)
            }
        }
        let follows =
            changes.first?.change.storeRevision == lastRevision + 1
            && (changes.last?.change.storeRevision ?? 0) >= revision
        guard follows else {
            guard let connection else { throw .damaged("the connection went away") }
            let state = try PostgresLoader(connection: connection, cipher: sealing.cipher).load(
                inTransaction: inTransaction, isLocked: false)
            lastRevision = state.revision
            return .reloaded(state)
        }
        lastRevision = changes.last!.change.storeRevision
        return .changes(changes)
    }

    package func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError> {
        let command =
            owner.map { PGCommand(PostgresSchema.ownerChangesAfter, [.int(Int64($0)), .int(revision)]) }
            ?? PGCommand(PostgresSchema.changesAfter, [.int(revision), .int(Int64(limits.maximumEntries))])
        return onConnection { connection throws(PGFailure) in
            let log = try connection.execute([command])[0].value()
            var scratch: [UInt8] = []
            var changes: [PlaceChange] = []
            for row in 0..<log.rowCount {
                do throws(DamagedState) {
                    changes.append(
                        try ChangeRows.change(in: log, at: row, cipher: sealing.cipher, scratch: &scratch).change)
                } catch {
                    throw .damaged(error.reason)
                }
            }
            return changes
        }
    }

    package func reload() -> Result<StoreState, StoreError> {
        onConnection { connection throws(PGFailure) in
            let state = try PostgresLoader(connection: connection, cipher: sealing.cipher).load(
                inTransaction: false, isLocked: isLocked)
            lastRevision = state.revision
            return state
        }
    }

    package func unlock(with key: StoreKey) -> Result<StoreState?, StoreError> {
        switch sealing {
        case .plaintext: return .failure(.notEncrypted)
        case .sealed(let cipher, _):
            return cipher.key.matches(key) ? .success(nil) : .failure(.wrongKey(path: location))
        case .locked(let keyCheck):
            guard KeyCheck.verify(keyCheck, matches: key) else { return .failure(.wrongKey(path: location)) }
            let previous = sealing
            sealing = .sealed(PlaceCipher(key: key), keyCheck: keyCheck)
            switch reload() {
            case .success(let state):
                return .success(state)
            case .failure(let error):
                sealing = previous
                return .failure(error)
            }
        }
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        listener?.close()
        listener = nil
        connection?.close()
        connection = nil
    }
}
