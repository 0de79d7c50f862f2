/// An open read-write connection with the writer's statements, ready for batches, and the checkpointer that
/// keeps its WAL short.
struct WriterDatabase {
    /// The connection.
    let connection: SQLiteConnection
    /// Its prepared statements.
    let statements: PlaceStatements
    /// Checkpoints the WAL beside the writer.
    let checkpointer: Checkpointer

    /// The most a WAL file keeps of its size once it was checkpointed to its end and rewinds: it grows past this
    /// only while checkpoints fall behind.
    static let walSizeLimit = 64 << 20

    /// Opens `path` read-write in WAL mode with full synchronous commits and migrates it; returns the database and
    /// the state, loaded now unless `preloaded` already holds it.
    ///
    /// Call only after the file passed `DatabaseInspector`'s checks.
    static func open(path: String, preloaded: StoreState? = nil) throws(StoreError) -> (WriterDatabase, StoreState) {
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            let mode = try connection.texts("PRAGMA journal_mode = WAL")
            guard mode == ["wal"] else {
                throw StoreError.cannotOpen(path: path, reason: "cannot switch to WAL journal mode (got \(mode))")
            }
            try connection.execute("PRAGMA synchronous = FULL")
            try connection.execute("PRAGMA journal_size_limit = \(walSizeLimit)")
            try Migrator().migrate(connection)
            let statements = try PlaceStatements(connection: connection)
            let state = try preloaded ?? load(from: connection)
            let checkpointer = try Checkpointer(path: path)
            checkpointer.watch(connection)
            return (WriterDatabase(connection: connection, statements: statements, checkpointer: checkpointer), state)
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw .cannotOpen(path: path, reason: error.message)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
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
        connection.close()
    }

    /// Loads every place through `connection`, reporting problems as `StoreError.cannotOpen`.
    static func load(from connection: SQLiteConnection) throws(StoreError) -> StoreState {
        do {
            return try StateLoader(connection: connection).load()
        } catch let error as SQLiteError {
            throw .cannotOpen(path: connection.path, reason: error.message)
        } catch let error as StateLoader.DamagedData {
            throw .cannotOpen(path: connection.path, reason: error.reason)
        } catch {
            throw .cannotOpen(path: connection.path, reason: "\(error)")
        }
    }
}
