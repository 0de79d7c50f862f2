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
            INSERT INTO places (id, owner, position, name, description, latitude, longitude, visited, version,
                created_at, updated_at, rowid, sealed)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """)
        update = try connection.prepare(
            """
            UPDATE places SET name = ?2, description = ?3, latitude = ?4, longitude = ?5, visited = ?6,
                version = ?7, updated_at = ?8, sealed = ?9
            WHERE rowid = ?1
            """)
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
            bindPrivateFields(of: place, to: insert, name: 4, description: 5, latitude: 6, longitude: 7, sealed: 13)
            insert.bind(Int64(place.isVisited ? 1 : 0), at: 8)
            insert.bind(place.version, at: 9)
            insert.bind(place.createdAt.millisecondsSinceEpoch, at: 10)
            insert.bind(place.updatedAt.millisecondsSinceEpoch, at: 11)
            insert.bind(row, at: 12)
            try insert.run()
        case .update(let place, let row):
            update.bind(row, at: 1)
            bindPrivateFields(of: place, to: update, name: 2, description: 3, latitude: 4, longitude: 5, sealed: 9)
            update.bind(Int64(place.isVisited ? 1 : 0), at: 6)
            update.bind(place.version, at: 7)
            update.bind(place.updatedAt.millisecondsSinceEpoch, at: 8)
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

    /// Binds the name, description and coordinates of `place` in plaintext, or (with a cipher) sealed, with ''
    /// and 0 in their own columns.
    private func bindPrivateFields(
        of place: Place, to statement: SQLiteStatement, name: Int32, description: Int32, latitude: Int32,
        longitude: Int32, sealed: Int32
    ) {
        statement.bindPrivateFields(
            SealedPayload(place), id: place.id, owner: place.owner, cipher: cipher,
            at: PrivateFieldParameters(
                name: name, description: description, latitude: latitude, longitude: longitude, sealed: sealed))
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
