import PlacesPersistence
import PlacesPostgres
import PlacesSQLite
import PlacesState
import PlacesSystem

/// The storage engines placesd is built with, and which of them a configured database names: the one place in
/// the program that names them. Everything below the server sees only the engine protocols.
enum StorageEngines {
    /// Every engine, asked in this order whether a database is of its kind: SQLite, which takes any path, last.
    static var kinds: [any EngineKind.Type] { [PostgresEngine.self, SQLiteEngine.self] }

    /// Why `placesd rekey` refuses a database whose engine cannot seal its store again offline.
    static let cannotRekey = "rekey works on SQLite files only; a PostgreSQL store keeps the key it was sealed with"

    /// The kind of engine that keeps `database`: PostgreSQL for a connection URI or `key=value` string, SQLite
    /// for a file's path.
    static func kind(of database: String) -> any EngineKind.Type {
        kinds.first { $0.takes(database) } ?? SQLiteEngine.self
    }

    /// Whether `database` is a SQLite file's path (what `placesd restore` restores into as a file).
    static func isFile(_ database: String) -> Bool {
        kind(of: database) is SQLiteEngine.Type
    }

    /// How messages name `database`: the path of a SQLite file, a PostgreSQL database without its password or
    /// options.
    static func describe(_ database: String) -> String {
        kind(of: database).describe(database)
    }

    /// The kind of file every backup is, whatever the store's engine: placesd's SQLite database.
    static var backupFiles: any BackupFileKind.Type { SQLiteEngine.self }

    /// What runs `server.backup` for `database`: a copy through its engine, or a refusal if the engine cannot
    /// copy a store while it is served.
    static func backups(of database: String, logger: Logger?) -> BackupRunner {
        BackupRunner(database: database, method: backupMethod(for: database), logger: logger)
    }

    /// How a backup of `database` is made: an engine that copies its store itself (SQLite copies its file's
    /// pages) does; a store read in one snapshot (PostgreSQL) has its rows written into a new backup file as they
    /// are read. Nil when the engine can do neither.
    private static func backupMethod(for database: String) -> BackupMethod? {
        let files = backupFiles
        switch kind(of: database) {
        case let online as any OnlineBackupKind.Type:
            return BackupMethod(files: online, databaseDirectory: BackupRunner.parent(of: database)) {
                target throws(StoreError) in try online.backUp(database, to: target)
            }
        case let snapshots as any SnapshotReadingKind.Type:
            let source = snapshots.describe(database)
            return BackupMethod(files: files, databaseDirectory: nil) { target throws(StoreError) in
                try files.writeBackup(of: source, to: target) { sink throws(StoreError) in
                    try snapshots.readSnapshot(database, into: sink)
                }
            }
        default:
            return nil
        }
    }

    /// Opens the store in `database` with the engine of its kind, with `options`.
    static func open(_ database: String, options: EngineOptions) throws(StoreError) -> any PersistenceEngine {
        try kind(of: database).open(database, options: options)
    }
}
