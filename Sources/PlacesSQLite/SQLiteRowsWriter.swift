import PlacesPersistence
import PlacesState

/// Writes a whole store's rows, as they come, into an empty placesd SQLite database in one transaction, sealed
/// values as they are: what `placesd migrate` writes into a SQLite store and a backup of another engine's store
/// into its file.
///
/// Nothing is committed until `commit()`; a writer dropped before that (or a failed row) leaves the database
/// as it was, once the connection is closed.
final class SQLiteRowsWriter: StoredRowsSink {
    /// The places written so far.
    private(set) var placeCount = 0
    /// The store revision written.
    private(set) var revision: Int64 = 0
    /// What recognizes the store's key; nil for a plaintext store.
    private(set) var keyCheck: [UInt8]?
    private let connection: SQLiteConnection
    private var insert: SQLiteStatement?

    /// Checks that the placesd database on `connection` holds nothing and begins the transaction.
    init(connection: SQLiteConnection) throws(StoreError) {
        self.connection = connection
        do {
            let existing = try connection.integer("SELECT revision + (SELECT count(*) FROM places) FROM meta")
            guard existing == 0 else {
                throw StoreError.cannotOpen(
                    path: connection.path, reason: "it already holds places; migrate into an empty store")
            }
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            throw .opening(connection.path, error)
        }
    }

    func begin(_ store: StoredRows) throws(StoreError) {
        do {
            revision = store.revision
            keyCheck = store.keyCheck
            if keyCheck != nil { try connection.execute("PRAGMA secure_delete = ON") }
            let meta = try connection.prepare("UPDATE meta SET revision = ?1, key_check = ?2 WHERE singleton = 1")
            meta.bind(store.revision, at: 1)
            if let check = store.keyCheck { meta.bind(blob: check, at: 2) } else { meta.bindNull(at: 2) }
            try meta.run()
            let owner = try connection.prepare("INSERT INTO owners (uid, revision) VALUES (?1, ?2)")
            for (uid, revision) in store.owners {
                owner.bind(Int64(uid), at: 1)
                owner.bind(revision, at: 2)
                try owner.run()
            }
            insert = try connection.prepare(
                """
                INSERT INTO places (rowid, id, owner, position, \(PlaceColumns.list))
                VALUES (\(PlaceColumns.parameters(from: 1, count: 4 + PlaceColumns.count)))
                """)
        } catch {
            throw failing(error)
        }
    }

    func append(_ places: [StoredRows.Place]) throws(StoreError) {
        guard let insert else { preconditionFailure("places appended before the store's rows") }
        do throws(SQLiteError) {
            for row in places {
                insert.bind(row.row, at: 1)
                insert.bind(row.id, at: 2)
                insert.bind(Int64(row.owner), at: 3)
                insert.bind(row.position, at: 4)
                PlaceColumns.bind(row, to: insert, at: 5)
                try insert.run()
            }
        } catch {
            throw failing(error)
        }
        placeCount += places.count
    }

    /// Commits every row written.
    func commit() throws(StoreError) {
        do throws(SQLiteError) {
            insert = nil
            try connection.execute("COMMIT")
        } catch {
            throw failing(error)
        }
    }

    /// Rolls the transaction back and returns `error` as a store error.
    private func failing(_ error: any Error) -> StoreError {
        insert = nil
        if connection.isInTransaction { try? connection.execute("ROLLBACK") }
        return .opening(connection.path, error)
    }
}
