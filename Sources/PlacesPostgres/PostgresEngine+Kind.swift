import PlacesPersistence
import PlacesState

extension PostgresEngine: EngineKind {
    /// A `postgresql://` or `postgres://` URI, or a libpq `key=value` string.
    package static func takes(_ database: String) -> Bool {
        PostgresLocation.isConnectionString(database)
    }

    /// The database without its password or options (see `PostgresLocation`).
    package static func describe(_ database: String) -> String {
        PostgresLocation.describe(database)
    }

    package static func open(_ database: String, options: EngineOptions) throws(StoreError) -> any PersistenceEngine {
        try PostgresEngine(conninfo: database, key: options.key, limits: options.changeLogLimits)
    }

    package static var transfer: any StoreTransfer.Type { PostgresStoreTransfer.self }
}

extension PostgresEngine: SnapshotReadingKind {
    /// Reads the store in one `REPEATABLE READ READ ONLY` transaction of its own (see `PostgresSnapshot`).
    package static func readSnapshot(_ database: String, into sink: any StoredRowsSink) throws(StoreError) {
        try PostgresSnapshot.read(database, into: sink)
    }
}
