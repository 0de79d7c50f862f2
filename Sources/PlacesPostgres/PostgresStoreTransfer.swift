import PlacesModel
import PlacesPersistence
import PlacesState

/// A whole PostgreSQL store as rows, read and written with their sealed values as they are (`placesd migrate`).
package enum PostgresStoreTransfer: StoreTransfer {
    /// How many place rows go in one statement.
    static let chunkSize = 10_000

    /// Reads every row of the store in the database `conninfo`, in one snapshot; the database is not changed.
    package static func read(_ conninfo: String) throws(StoreError) -> StoredRows {
        let collected = CollectedRows()
        try PostgresSnapshot.read(conninfo, into: collected)
        return collected.rows
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

    static func connect(_ conninfo: String) throws(PGFailure) -> PGConnection {
        do throws(PGError) {
            return try PostgresEngine.connect(conninfo, preparing: false)
        } catch {
            throw .database(error)
        }
    }
}
