import PlacesModel
import PlacesPersistence
import PlacesState

/// A whole PostgreSQL store as rows, read and written with their sealed values as they are (`placesd migrate`).
package enum PostgresStoreTransfer: StoreTransfer {
    /// How many place rows go in one statement.
    static let chunkSize = 10_000

    /// Reads every row of the store in the database `conninfo`, in one snapshot; the database is not changed.
    package static func read(_ conninfo: String) throws(StoreError) -> StoredRows {
        let location = PostgresLocation.describe(conninfo)
        do throws(PGFailure) {
            let connection = try connect(conninfo)
            let found = try connection.execute([PGCommand(sql: "SELECT to_regclass('meta') IS NOT NULL")])[0].value()
            guard found.bool(0, 0) else { throw .damaged("it holds no placesd store") }
            let results = try connection.execute([
                PGCommand(sql: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
                PGCommand(sql: "SELECT revision, key_check, application FROM meta WHERE singleton = 1"),
                PGCommand(sql: "SELECT uid, revision FROM owners ORDER BY uid"),
                PGCommand(
                    sql: "DECLARE placesd_copy BINARY NO SCROLL CURSOR FOR SELECT \(PostgresSchema.placeColumns) "
                        + "FROM places ORDER BY rowid"),
            ])
            let meta = try results[1].value()
            guard meta.rowCount == 1, meta.text(0, 2) == PostgresSchema.applicationMarker else {
                throw .damaged("its table 'meta' is not placesd's")
            }
            var rows = StoredRows()
            rows.revision = meta.int64(0, 0)
            rows.keyCheck = meta.bytes(0, 1)
            let owners = try results[2].value()
            for row in 0..<owners.rowCount {
                guard let uid = UserID(exactly: owners.int64(row, 0)) else { throw .damaged("an owner is not a uid") }
                rows.owners.append((uid, owners.int64(row, 1)))
            }
            while true {
                let chunk = try connection.execute([PGCommand(sql: "FETCH \(chunkSize) FROM placesd_copy")])[0].value()
                guard chunk.rowCount > 0 else { break }
                for row in 0..<chunk.rowCount {
                    guard let id = chunk.id(row, 1), let owner = UserID(exactly: chunk.int64(row, 2)) else {
                        throw .damaged("place row \(chunk.int64(row, 0)) is damaged")
                    }
                    rows.places.append(
                        PostgresPlaceColumns.stored(
                            in: chunk, at: row, from: 4, row: chunk.int64(row, 0), id: id, owner: owner,
                            position: chunk.int64(row, 3)))
                }
            }
            _ = try connection.execute([PGCommand(sql: "COMMIT")])[0].value()
            return rows
        } catch {
            throw .cannotOpen(path: location, reason: error.reason)
        }
    }

    /// Writes `rows` into the database `conninfo` (creating placesd's tables in an empty one), in one transaction
    /// under the counter's lock; a store that already holds places or revisions is refused, and nothing changes.
    package static func write(_ rows: StoredRows, into conninfo: String) throws(StoreError) {
        let location = PostgresLocation.describe(conninfo)
        do throws(PGFailure) {
            let connection = try connect(conninfo)
            try PostgresSetup.createTables(on: connection, location: location)
            let opening = try connection.execute([
                PGCommand(sql: "BEGIN"), PGCommand(sql: "SELECT revision FROM meta WHERE singleton = 1 FOR UPDATE"),
                PGCommand(sql: "SELECT count(*) FROM places"),
            ])
            guard try opening[1].value().int64(0, 0) == 0, try opening[2].value().int64(0, 0) == 0 else {
                _ = try? connection.execute([PGCommand(sql: "ROLLBACK")])
                throw .damaged("it already holds places; migrate into an empty store")
            }
            var commands = [
                PGCommand(
                    sql: "UPDATE meta SET revision = $1::int8, key_check = $2::bytea WHERE singleton = 1",
                    [.int(rows.revision), rows.keyCheck.map(PGValue.bytes)])
            ]
            commands.append(
                PGCommand(sql: PostgresSchema.saveOwners.sql, PostgresBatch.ownerParameters(rows.owners)))
            for start in stride(from: 0, to: rows.places.count, by: chunkSize) {
                var chunk = PlaceRows()
                for place in rows.places[start..<min(start + chunkSize, rows.places.count)] {
                    chunk.append(place)
                }
                commands.append(PGCommand(sql: PostgresSchema.insertPlaces.sql, chunk.insertParameters))
            }
            commands.append(PGCommand(sql: "COMMIT"))
            let results = try connection.execute(commands)
            for case .failure(let error) in results { throw .database(error) }
            guard case .success(let ending) = results.last, ending.commandTag == "COMMIT" else {
                throw .damaged("the database rolled the copy back")
            }
        } catch {
            throw .cannotOpen(path: location, reason: error.reason)
        }
    }

    private static func connect(_ conninfo: String) throws(PGFailure) -> PGConnection {
        do throws(PGError) {
            return try PostgresEngine.connect(conninfo, preparing: false)
        } catch {
            throw .database(error)
        }
    }
}
