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
        let writer = try SQLiteRowsWriter(connection: connection)
        var store = rows
        store.places = []
        try writer.begin(store)
        try writer.append(rows.places)
        try writer.commit()
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
