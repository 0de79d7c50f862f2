import PlacesModel
import PlacesPersistence
import PlacesState

/// A whole SQLite store as rows, read and written with their sealed values as they are (`placesd migrate`).
package enum SQLiteStoreTransfer: StoreTransfer {
    /// Reads every row of the store at `path`, which no store may have open; checks the file as opening does.
    package static func read(_ path: String) throws(StoreError) -> StoredRows {
        guard DatabaseFile.exists(path) else { throw .cannotOpen(path: path, reason: "No such file or directory") }
        let file = try DatabaseFile(path: path)
        defer { file.unlock() }
        let connection = try open(path: path)
        defer { connection.close() }
        do {
            var rows = StoredRows()
            rows.revision = try connection.integer("SELECT revision FROM meta WHERE singleton = 1") ?? 0
            rows.keyCheck = try StoreSealing.keyCheck(of: connection)
            let owners = try connection.prepare("SELECT uid, revision FROM owners ORDER BY uid")
            while try owners.step() {
                guard let uid = UserID(exactly: owners.int64(at: 0)) else {
                    throw DamagedState(reason: "owner \(owners.int64(at: 0)) is not a uid")
                }
                rows.owners.append((uid, owners.int64(at: 1)))
            }
            let places = try connection.prepare(
                "SELECT rowid, id, owner, position, \(PlaceColumns.list) FROM places ORDER BY rowid")
            while try places.step() {
                guard let id = places.placeID(at: 1), let owner = UserID(exactly: places.int64(at: 2)) else {
                    throw DamagedState(reason: "place row \(places.int64(at: 0)) is damaged")
                }
                rows.places.append(
                    PlaceColumns.stored(
                        in: places, at: 4, row: places.int64(at: 0), id: id, owner: owner,
                        position: places.int64(at: 3)))
            }
            return rows
        } catch {
            throw .opening(path, error)
        }
    }

    /// Writes `rows` into the store at `path` (created if missing), in one transaction; a store that already holds
    /// places or revisions is refused, and nothing is changed.
    package static func write(_ rows: StoredRows, into path: String) throws(StoreError) {
        let file = try DatabaseFile(path: path)
        defer { file.unlock() }
        let connection = try open(path: path)
        defer { connection.close() }
        do {
            let existing = try connection.integer("SELECT revision + (SELECT count(*) FROM places) FROM meta")
            guard existing == 0 else {
                throw StoreError.cannotOpen(path: path, reason: "it already holds places; migrate into an empty store")
            }
            try connection.execute("BEGIN IMMEDIATE")
            do {
                if rows.keyCheck != nil { try connection.execute("PRAGMA secure_delete = ON") }
                let meta = try connection.prepare("UPDATE meta SET revision = ?1, key_check = ?2 WHERE singleton = 1")
                meta.bind(rows.revision, at: 1)
                if let check = rows.keyCheck { meta.bind(blob: check, at: 2) } else { meta.bindNull(at: 2) }
                try meta.run()
                let owner = try connection.prepare("INSERT INTO owners (uid, revision) VALUES (?1, ?2)")
                for (uid, revision) in rows.owners {
                    owner.bind(Int64(uid), at: 1)
                    owner.bind(revision, at: 2)
                    try owner.run()
                }
                let place = try connection.prepare(
                    """
                    INSERT INTO places (rowid, id, owner, position, \(PlaceColumns.list))
                    VALUES (\(PlaceColumns.parameters(from: 1, count: 4 + PlaceColumns.count)))
                    """)
                for row in rows.places {
                    place.bind(row.row, at: 1)
                    place.bind(row.id, at: 2)
                    place.bind(Int64(row.owner), at: 3)
                    place.bind(row.position, at: 4)
                    PlaceColumns.bind(row, to: place, at: 5)
                    try place.run()
                }
                try connection.execute("COMMIT")
            } catch {
                if connection.isInTransaction { try? connection.execute("ROLLBACK") }
                throw error
            }
        } catch {
            throw .opening(path, error)
        }
    }

    /// Opens `path` read-write (migrating it) once it passed the checks a store's opening makes.
    private static func open(path: String) throws(StoreError) -> SQLiteConnection {
        try StoreRekey.inspect(path: path)
        do {
            return try WriterDatabase.connect(path: path)
        } catch {
            throw .opening(path, error)
        }
    }
}
