import PlacesModel
import PlacesPersistence
import PlacesState

/// A whole PostgreSQL store read in one snapshot while hosts go on committing: what `placesd migrate` copies
/// and what `server.backup` writes into a backup file.
///
/// One `REPEATABLE READ READ ONLY` transaction on a connection of its own reads the counter row, the owners and,
/// through a cursor, the places a chunk at a time; every host's write transaction updates the counter row
/// first, so the revision read is exactly the last change the places read hold. The transaction takes no lock a
/// writer waits for: hosts commit meanwhile, and none of it is seen.
enum PostgresSnapshot {
    /// How many place rows one fetch brings.
    static let chunkSize = 10_000
    /// How long the transaction may stay idle while the sink takes a chunk, in seconds: longer than a host's own
    /// transactions may (they hold the counter's lock; this one holds none).
    static let idleLimitSeconds = 60

    /// Reads every row of the store in the database `conninfo`, sealed values as they are, handing them to
    /// `sink` as they come. The database is not changed.
    static func read(_ conninfo: String, into sink: any StoredRowsSink) throws(StoreError) {
        let location = PostgresLocation.describe(conninfo)
        func refusal(_ failure: PGFailure) -> StoreError {
            .cannotOpen(path: location, reason: failure.reason)
        }
        let connection: PGConnection
        let store: StoredRows
        do throws(PGFailure) {
            connection = try PostgresStoreTransfer.connect(conninfo)
            store = try begin(on: connection)
        } catch {
            throw refusal(error)
        }
        defer { connection.close() }
        try sink.begin(store)
        while true {
            let places: [StoredRows.Place]
            do throws(PGFailure) {
                places = try fetch(on: connection)
            } catch {
                throw refusal(error)
            }
            guard !places.isEmpty else { break }
            try sink.append(places)
        }
        do throws(PGFailure) {
            _ = try connection.execute([PGCommand(sql: "COMMIT")])[0].value()
        } catch {
            throw refusal(error)
        }
    }

    /// Begins the transaction and opens the cursor over the places; returns the store-wide rows.
    private static func begin(on connection: PGConnection) throws(PGFailure) -> StoredRows {
        let found = try connection.execute([PGCommand(sql: "SELECT to_regclass('meta') IS NOT NULL")])[0].value()
        guard found.bool(0, 0) else { throw .damaged("it holds no placesd store") }
        let results = try connection.execute([
            PGCommand(sql: "SET idle_in_transaction_session_timeout = '\(idleLimitSeconds)s'"),
            PGCommand(sql: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
            PGCommand(sql: "SELECT revision, key_check, application FROM meta WHERE singleton = 1"),
            PGCommand(sql: "SELECT uid, revision FROM owners ORDER BY uid"),
            PGCommand(
                sql: "DECLARE placesd_copy BINARY NO SCROLL CURSOR FOR SELECT \(PostgresSchema.placeColumns) "
                    + "FROM places ORDER BY rowid"),
        ])
        for result in results.prefix(2) { _ = try result.value() }
        let meta = try results[2].value()
        guard meta.rowCount == 1, meta.text(0, 2) == PostgresSchema.applicationMarker else {
            throw .damaged("its table 'meta' is not placesd's")
        }
        var store = StoredRows()
        store.revision = meta.int64(0, 0)
        store.keyCheck = meta.bytes(0, 1)
        let owners = try results[3].value()
        for row in 0..<owners.rowCount {
            guard let uid = UserID(exactly: owners.int64(row, 0)) else { throw .damaged("an owner is not a uid") }
            store.owners.append((uid, owners.int64(row, 1)))
        }
        _ = try results[4].value()
        return store
    }

    /// The next chunk of places from the cursor; empty at its end.
    private static func fetch(on connection: PGConnection) throws(PGFailure) -> [StoredRows.Place] {
        let chunk = try connection.execute([PGCommand(sql: "FETCH \(chunkSize) FROM placesd_copy")])[0].value()
        var places: [StoredRows.Place] = []
        places.reserveCapacity(chunk.rowCount)
        for row in 0..<chunk.rowCount {
            guard let id = chunk.id(row, 1), let owner = UserID(exactly: chunk.int64(row, 2)) else {
                throw .damaged("place row \(chunk.int64(row, 0)) is damaged")
            }
            places.append(
                PostgresPlaceColumns.stored(
                    in: chunk, at: row, from: 4, row: chunk.int64(row, 0), id: id, owner: owner,
                    position: chunk.int64(row, 3)))
        }
        return places
    }
}
