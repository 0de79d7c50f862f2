import PlacesModel
import PlacesSealing
import PlacesState

/// The writer's prepared statements, compiled once per connection.
///
/// With a `cipher`, every place written is sealed: its name, description and coordinates go into `sealed`, and
/// their own columns get '' and 0.
final class PlaceStatements {
    /// Seals the places written; nil for a plaintext store.
    var cipher: PlaceCipher?
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement
    private let insert: SQLiteStatement
    private let update: SQLiteStatement
    private let delete: SQLiteStatement
    private let reposition: SQLiteStatement
    private let saveOwnerRevision: SQLiteStatement
    private let saveStoreRevision: SQLiteStatement
    private let readStoreRevision: SQLiteStatement

    /// Compiles every statement on `connection`.
    init(connection: SQLiteConnection) throws(SQLiteError) {
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        insert = try connection.prepare(
            """
            INSERT INTO places (id, owner, position, rowid, \(PlaceColumns.list))
            VALUES (\(PlaceColumns.parameters(from: 1, count: 4 + PlaceColumns.count)))
            """)
        update = try connection.prepare("UPDATE places SET \(PlaceColumns.assignments(from: 2)) WHERE rowid = ?1")
        delete = try connection.prepare("DELETE FROM places WHERE rowid = ?1")
        reposition = try connection.prepare("UPDATE places SET position = ?2 WHERE rowid = ?1")
        saveOwnerRevision = try connection.prepare(
            "INSERT INTO owners (uid, revision) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET revision = ?2")
        saveStoreRevision = try connection.prepare("UPDATE meta SET revision = ?1 WHERE singleton = 1")
        readStoreRevision = try connection.prepare("SELECT revision FROM meta WHERE singleton = 1")
    }

    /// Releases every statement, so that closing the connection really closes it (rolling back any transaction).
    func finalize() {
        for statement in [
            begin, commit, rollback, insert, update, delete, reposition, saveOwnerRevision, saveStoreRevision,
            readStoreRevision,
        ] {
            statement.finalize()
        }
    }

    /// Starts a write transaction.
    func beginTransaction() throws(SQLiteError) { try begin.run() }

    /// Commits the open transaction.
    func commitTransaction() throws(SQLiteError) { try commit.run() }

    /// Rolls the open transaction back.
    func rollbackTransaction() throws(SQLiteError) { try rollback.run() }

    /// Writes one row change.
    func write(_ change: PlaceWrite) throws(SQLiteError) {
        switch change {
        case .insert(let place, let position, let row):
            insert.bind(place.id, at: 1)
            insert.bind(Int64(place.owner), at: 2)
            insert.bind(position, at: 3)
            insert.bind(row, at: 4)
            PlaceColumns.bind(place, cipher: cipher, to: insert, at: 5)
            try insert.run()
        case .update(let place, let row):
            update.bind(row, at: 1)
            PlaceColumns.bind(place, cipher: cipher, to: update, at: 2, isUpdate: true)
            try update.run()
        case .reposition(let row, let position):
            reposition.bind(row, at: 1)
            reposition.bind(position, at: 2)
            try reposition.run()
        case .delete(let row):
            delete.bind(row, at: 1)
            try delete.run()
        }
    }

    /// Stores `owner`'s revision.
    func saveRevision(_ revision: Int64, of owner: UserID) throws(SQLiteError) {
        saveOwnerRevision.bind(Int64(owner), at: 1)
        saveOwnerRevision.bind(revision, at: 2)
        try saveOwnerRevision.run()
    }

    /// Stores the store-wide revision.
    func saveStoreRevision(_ revision: Int64) throws(SQLiteError) {
        saveStoreRevision.bind(revision, at: 1)
        try saveStoreRevision.run()
    }

    /// The store-wide revision as the database has it now.
    func storeRevision() throws(SQLiteError) -> Int64? {
        defer { readStoreRevision.reset() }
        return try readStoreRevision.step() ? readStoreRevision.int64(at: 0) : nil
    }
}
