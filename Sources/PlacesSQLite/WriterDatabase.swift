import PlacesPersistence
import PlacesSealing
import PlacesState

/// An open read-write connection with the writer's statements, ready for batches, and the checkpointer that
/// keeps its WAL short.
struct WriterDatabase {
    /// The connection.
    let connection: SQLiteConnection
    /// Its prepared statements.
    let statements: PlaceStatements
    /// The change log's statements.
    let changeLog: ChangeLogStatements
    /// Checkpoints the WAL beside the writer.
    let checkpointer: Checkpointer

    /// The most a WAL file keeps of its size once it was checkpointed to its end and rewinds: it grows past this
    /// only while checkpoints fall behind.
    static let walSizeLimit = 64 << 20

    /// Opens `path` read-write in WAL mode with full synchronous commits and migrates it; returns the database,
    /// the state (loaded now unless `preloaded` already holds it) and how the places are kept; the change log
    /// keeps what `limits` say.
    ///
    /// A sealed store opened with its `key` is loaded and decrypted, without a key it is loaded locked (empty),
    /// with another key it is refused with `StoreError.wrongKey`. A plaintext store opened with a key is sealed
    /// with it now, in one transaction (see `StoreConversion`). Call only after the file passed
    /// `DatabaseInspector`'s checks.
    static func open(
        path: String, key: StoreKey?, limits: ChangeLogLimits, preloaded: StoreState? = nil
    ) throws(StoreError) -> (WriterDatabase, StoreState, StoreSealing) {
        do {
            let connection = try connect(path: path)
            var sealing = try StoreSealing.decide(
                keyCheck: StoreSealing.keyCheck(of: connection), key: key, path: path)
            if sealing.isEncrypted {
                // Whatever a sealed store deletes or overwrites is zeroed, in the file and in the WAL's pages.
                try connection.execute("PRAGMA secure_delete = ON")
            }
            let state = try preloaded ?? load(from: connection, sealing: sealing)
            if case .sealing(let cipher) = sealing {
                try StoreConversion.convert(connection, from: nil, to: cipher)
                sealing = .sealed(cipher)
            }
            let statements = try PlaceStatements(connection: connection)
            statements.cipher = sealing.writingCipher
            let changeLog = try ChangeLogStatements(connection: connection, limits: limits)
            changeLog.cipher = sealing.writingCipher
            let checkpointer = try Checkpointer(path: path)
            checkpointer.watch(connection)
            let database = WriterDatabase(
                connection: connection, statements: statements, changeLog: changeLog, checkpointer: checkpointer)
            return (database, state, sealing)
        } catch {
            throw .opening(path, error)
        }
    }

    /// Opens `path` read-write in WAL mode with full synchronous commits and migrates it.
    static func connect(path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        let mode = try connection.texts("PRAGMA journal_mode = WAL")
        guard mode == ["wal"] else {
            throw StoreError.cannotOpen(path: path, reason: "cannot switch to WAL journal mode (got \(mode))")
        }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA journal_size_limit = \(walSizeLimit)")
        try Migrator().migrate(connection)
        return connection
    }

    /// Stops background checkpoints, releases the statements and closes the connection (discarding any
    /// unfinished transaction); with `checkpointing`, first checkpoints the WAL into the database file and empties
    /// it.
    func close(checkpointing: Bool) {
        checkpointer.stopWatching(connection)
        checkpointer.close()
        if checkpointing {
            try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        statements.finalize()
        changeLog.finalize()
        connection.close()
    }

    /// Loads every place through `connection` as `sealing` says (a locked store: only the store revision),
    /// reporting problems as `StoreError.cannotOpen`.
    static func load(
        from connection: SQLiteConnection, sealing: StoreSealing, splitReading: SQLiteConnection.Mode? = nil
    ) throws(StoreError) -> StoreState {
        do {
            let loader = StateLoader(
                connection: connection, cipher: sealing.loadingCipher, splitReading: splitReading)
            return try sealing.isLocked ? loader.loadLocked() : loader.load()
        } catch {
            throw .opening(connection.path, error)
        }
    }
}
