import PlacesSealing
import PlacesState

/// Brings a database's schema up to date, all steps in one transaction.
struct Migrator {
    /// The steps known, in order.
    let migrations: [Migration]

    /// Creates a migrator for `migrations` (by default, the real schema's).
    init(migrations: [Migration] = Schema.migrations) {
        self.migrations = migrations
    }

    /// Runs every migration newer than the database's `user_version`; returns the version reached.
    ///
    /// Either all pending steps are applied, with `user_version`, `application_id` and `meta.schema_version` set,
    /// or none is.
    @discardableResult
    func migrate(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let current = try connection.integer("PRAGMA user_version") ?? 0
        let pending = migrations.filter { $0.version > current }
        guard let last = pending.last else { return current }
        try connection.execute("BEGIN IMMEDIATE")
        do {
            for migration in pending {
                for statement in migration.statements {
                    try connection.execute(statement)
                }
                try connection.execute("UPDATE meta SET schema_version = \(migration.version)")
            }
            try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
            try connection.execute("PRAGMA user_version = \(last.version)")
            try connection.execute("COMMIT")
        } catch {
            if connection.isInTransaction {
                try? connection.execute("ROLLBACK")
            }
            throw error
        }
        return last.version
    }
}
