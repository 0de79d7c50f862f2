import CSQLite
import PlacesModel
import PlacesSealing
import PlacesState

/// Turns every row of a database from one form into another (plaintext or sealed with some key) in one
/// transaction, and leaves no copy of the old form in the database file or its WAL.
///
/// Before the transaction the database is rebuilt (`VACUUM`), which drops whatever older content free pages and
/// the free space inside pages still held, and the WAL is emptied. The transaction runs with `secure_delete`, so
/// the space each old value leaves is zeroed (the change log is emptied); once it committed, the WAL is checkpointed into the database file
/// and truncated to nothing. Rows keep their rowids, so a loaded state stays valid.
enum StoreConversion {
    /// How many rows are read, then rewritten, at a time.
    private static let batchSize = 1_024

    /// Rewrites every row of the database on `connection` (in WAL mode, with no other connection open) from
    /// `old` (nil: plaintext) to `new` (nil: plaintext), and sets the key check to match `new`.
    ///
    /// Throws `StoreError.cannotOpen` naming the file if a row is not in the old form or the database fails;
    /// nothing is changed then.
    static func convert(_ connection: SQLiteConnection, from old: PlaceCipher?, to new: PlaceCipher?) throws(StoreError)
    {
        let path = connection.path
        do {
            try connection.execute("PRAGMA secure_delete = ON")
            try connection.execute("VACUUM")
            try truncateWAL(connection)
            try connection.execute("BEGIN IMMEDIATE")
            do {
                try rewriteRows(connection, from: old, to: new)
                // The log's places are in the old form: rather than convert them too, the log starts afresh, and a
                // watcher resuming from before it takes a fresh snapshot.
                try connection.execute("DELETE FROM changes")
                let keyCheck = try connection.prepare("UPDATE meta SET key_check = ?1 WHERE singleton = 1")
                if let new {
                    keyCheck.bind(blob: KeyCheck.make(for: new.key), at: 1)
                } else {
                    keyCheck.bindNull(at: 1)
                }
                try keyCheck.run()
                try connection.execute("COMMIT")
            } catch {
                if connection.isInTransaction {
                    try? connection.execute("ROLLBACK")
                }
                throw error
            }
            try truncateWAL(connection)
        } catch {
            throw .opening(path, error, prefix: "cannot convert the places: ")
        }
    }

    /// Copies the WAL into the database file and truncates it to nothing; throws if a reader kept it from finishing.
    static func truncateWAL(_ connection: SQLiteConnection) throws {
        let checkpoint = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        guard try checkpoint.step(), checkpoint.int64(at: 0) == 0 else {
            throw SQLiteError(code: SQLITE_BUSY, message: "the WAL could not be checkpointed: the database is busy")
        }
    }

    private static func rewriteRows(
        _ connection: SQLiteConnection, from old: PlaceCipher?, to new: PlaceCipher?
    ) throws {
        let read = try connection.prepare(
            """
            SELECT rowid, id, owner, \(PlaceColumns.privateList) FROM places
            WHERE rowid > ?1 ORDER BY rowid LIMIT \(batchSize)
            """)
        let write = try connection.prepare(
            "UPDATE places SET \(PlaceColumns.assignments(from: 2, of: PlaceColumns.privateNames)) WHERE rowid = ?1")
        var after = Int64.min
        var scratch = [UInt8](repeating: 0, count: 512)
        while true {
            var batch: [(row: Int64, id: PlaceID, owner: UserID, payload: SealedPayload)] = []
            read.bind(after, at: 1)
            while try read.step() {
                let row = read.int64(at: 0)
                guard let id = read.placeID(at: 1), let owner = UserID(exactly: read.int64(at: 2)) else {
                    throw DamagedState(reason: "row \(row) has no valid id or owner")
                }
                let sealed = PlaceColumns.sealed(in: read, at: 3)
                let payload: SealedPayload
                if let old {
                    guard let sealed else {
                        throw DamagedState(reason: "place '\(id)' is not sealed in a sealed store")
                    }
                    guard let opened = old.open(sealed, id: id, owner: owner, scratch: &scratch) else {
                        throw DamagedState(
                            reason: "the sealed data of place '\(id)' is damaged: it does not open with the "
                                + "store's key")
                    }
                    payload = opened
                } else {
                    guard sealed == nil else {
                        throw DamagedState(reason: "place '\(id)' is sealed in a plaintext store")
                    }
                    payload = PlaceColumns.privateFields(in: read, at: 3)
                }
                batch.append((row, id, owner, payload))
            }
            read.reset()
            guard let last = batch.last else { return }
            after = last.row
            for item in batch {
                write.bind(item.row, at: 1)
                PlaceColumns.bind(item.payload, id: item.id, owner: item.owner, cipher: new, to: write, at: 2)
                try write.run()
            }
        }
    }
}
