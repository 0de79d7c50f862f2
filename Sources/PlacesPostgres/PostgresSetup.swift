import PlacesSealing

/// What an engine does once when it opens: make sure the database holds placesd's tables (creating them in an
/// empty one), and decide how its places are sealed.
enum PostgresSetup {
    /// How a refusal for a wrong key starts, so that the engine reports `StoreError.wrongKey`.
    static let keyRefusal = "sealed with a different key"

    /// Creates the tables if `meta` is missing, under an advisory lock so that hosts starting together create
    /// them once; upgrades tables of an older schema version (`PostgresSchema.upgrades`) in the same transaction;
    /// refuses a database whose tables are not placesd's or are newer.
    static func createTables(on connection: PGConnection, location: String) throws(PGFailure) {
        let results = try connection.execute([
            PGCommand(sql: "BEGIN"),
            PGCommand(sql: "SELECT pg_advisory_xact_lock(\(PostgresSchema.creationLock))"),
            PGCommand(sql: "SELECT to_regclass('meta') IS NOT NULL, to_regclass('places') IS NOT NULL"),
        ])
        let found = try results[2].value()
        do throws(PGFailure) {
            switch (found.bool(0, 0), found.bool(0, 1)) {
            case (false, true):
                throw .damaged("the database has a table 'places' that is not placesd's")
            case (false, false):
                for statement in PostgresSchema.creation {
                    _ = try connection.execute([PGCommand(sql: statement)])[0].value()
                }
            case (true, _):
                let meta = try connection.execute([PGCommand(sql: "SELECT application, schema_version FROM meta")])[0]
                    .value()
                guard meta.rowCount == 1, meta.text(0, 0) == PostgresSchema.applicationMarker else {
                    throw .damaged("the database has a table 'meta' that is not placesd's")
                }
                let stored = meta.int64(0, 1)
                guard stored <= PostgresSchema.version else {
                    throw .damaged(
                        "its schema version \(stored) is newer than this placesd knows (\(PostgresSchema.version))")
                }
                if stored < PostgresSchema.version {
                    for upgrade in PostgresSchema.upgrades where upgrade.version > stored {
                        for statement in upgrade.statements {
                            _ = try connection.execute([PGCommand(sql: statement)])[0].value()
                        }
                    }
                    _ = try connection.execute([
                        PGCommand(sql: "UPDATE meta SET schema_version = \(PostgresSchema.version)")
                    ])[0].value()
                }
            }
            _ = try connection.execute([PGCommand(sql: "COMMIT")])[0].value()
        } catch {
            _ = try? connection.execute([PGCommand(sql: "ROLLBACK")])
            throw error
        }
    }

    /// How the places are kept, given `key`: a store without a key check and without places is sealed with
    /// `key` now; one with places in plaintext is refused when a key is given.
    static func sealing(on connection: PGConnection, key: StoreKey?, location: String) throws(PGFailure)
        -> PostgresSealing
    {
        let meta = try connection.execute([PGCommand(PostgresSchema.readMeta)])[0].value()
        let check = meta.bytes(0, 1)
        switch (check, key) {
        case (nil, nil):
            return .plaintext
        case (let check?, nil):
            return .locked(keyCheck: check)
        case (let check?, let key?):
            guard KeyCheck.verify(check, matches: key) else { throw .damaged(keyRefusal) }
            return .sealed(PlaceCipher(key: key), keyCheck: check)
        case (nil, let key?):
            let check = KeyCheck.make(for: key)
            let results = try connection.execute([
                PGCommand(sql: "BEGIN"), PGCommand(PostgresSchema.lockCounter),
                PGCommand(sql: "SELECT (SELECT count(*) FROM places) + (SELECT count(*) FROM changes)"),
                PGCommand(
                    sql: "UPDATE meta SET key_check = $1::bytea WHERE singleton = 1 AND key_check IS NULL",
                    [
                        .bytes(check)
                    ]),
            ])
            do throws(PGFailure) {
                if try results[1].value().bytes(0, 1) != nil {
                    // Another host sealed the store meanwhile: check the key against its key check.
                    _ = try connection.execute([PGCommand(sql: "ROLLBACK")])[0].value()
                    return try sealing(on: connection, key: key, location: location)
                }
                guard try results[2].value().int64(0, 0) == 0 else {
                    throw .damaged(
                        "its places are in plaintext: placesd does not seal a shared store in place; migrate them "
                            + "from a sealed SQLite store instead (placesd migrate)")
                }
                _ = try results[3].value()
                _ = try connection.execute([PGCommand(sql: "COMMIT")])[0].value()
            } catch {
                _ = try? connection.execute([PGCommand(sql: "ROLLBACK")])
                throw error
            }
            return .sealed(PlaceCipher(key: key), keyCheck: check)
        }
    }
}
