import CSQLite
import PlacesState
import PlacesSystem

/// An online, consistent copy of a live placesd SQLite database into a file of its own, while the daemon goes on
/// committing.
///
/// How: a second, read-only connection opens the database and takes a read transaction, so everything it reads is
/// one snapshot (in WAL mode the writer goes on meanwhile; only the checkpoint cannot pass the snapshot until the
/// copy ends). The revision and counts are read in that snapshot, then SQLite's online backup API copies its pages
/// in steps of `pagesPerStep` into a temporary beside the target (`PartialFile`). Because the source connection
/// already holds the read transaction, no step sees a later commit, and the copy never restarts. The copy is
/// then switched to the rollback journal (one self-contained file, no `-wal`), flushed, renamed over the target
/// and the directory flushed.
///
/// While the daemon is busy serving, the copy gives way between steps (`BackgroundPacing`) and takes smaller ones
/// (`busyPagesPerStep`): it then takes longer, and the requests and commits meanwhile keep their speed.
///
/// Why the backup API rather than `VACUUM INTO`: it copies pages as they are instead of rebuilding every table and
/// index row by row, which takes several times as long on a large store and runs as one statement that cannot
/// be paused; the pages also keep the rowids and layout the store relies on. What `VACUUM INTO` would save, the
/// free pages, is small in a store that is vacuumed on migration, and in a sealed store holds only sealed rows.
package enum SQLiteBackup {
    /// Pages copied per step: 1,024 pages of 4 KiB (4 MiB) take a few milliseconds, and the per-step cost (a
    /// transaction on the copy) is lost in the copying at this size.
    package static let defaultPagesPerStep: Int32 = 1_024
    /// Pages copied per step while the daemon is busy (when `pagesPerStep` is larger): 256 pages (1 MiB) hold a
    /// core, the memory and the disk for a millisecond or two, so a durable commit that comes meanwhile waits that
    /// long rather than the several milliseconds of a 4 MiB step.
    package static let busyPagesPerStep: Int32 = 256

    /// Copies the placesd database at `source` to `target` (replaced if it exists, mode 0600) and returns what
    /// the copy holds. On failure nothing is left at `target` that was not there before, and no temporary stays.
    package static func copy(
        databaseAt source: String, to target: String, pagesPerStep: Int32 = defaultPagesPerStep
    ) throws(BackupError) -> BackupContents {
        let operation = "back up '\(source)' to '\(target)'"
        do {
            let reader = try SQLiteConnection(path: source, mode: .readOnly)
            defer { reader.close() }
            let contents = try readSnapshot(reader)
            let partial = try PartialFile(for: target)
            var copied = try copyPages(from: reader, into: partial, pagesPerStep: pagesPerStep, contents)
            try reader.execute("COMMIT")
            try partial.synchronize()
            copied.byteCount = try FileSystem.fileSize(partial.path)
            try partial.commit()
            return copied
        } catch {
            throw BackupError(operation: operation, reason: BackupError.reason(of: error))
        }
    }

    /// Removes the temporaries of backups (and restores) killed half-way in `directory`; returns their names.
    /// Pass `includingOwn` at start-up (see `PartialFile.removeStale`).
    @discardableResult
    package static func removeStaleTemporaries(
        in directory: String, includingOwn: Bool = false
    ) throws(BackupError) -> [String] {
        do {
            return try PartialFile.removeStale(in: directory, includingOwn: includingOwn)
        } catch {
            throw BackupError(
                operation: "remove the backup temporaries in '\(directory)'", reason: BackupError.reason(of: error))
        }
    }

    /// Begins the read transaction the whole copy is made in, checks that the database is placesd's, and reads
    /// what it holds.
    private static func readSnapshot(_ reader: SQLiteConnection) throws -> BackupContents {
        try reader.execute("BEGIN")
        // The first read starts the transaction; everything after sees the same snapshot.
        _ = try reader.integer("SELECT count(*) FROM sqlite_schema")
        guard case .placesd(let version) = try DatabaseInspector().identify(reader) else {
            throw StoreError.cannotOpen(path: reader.path, reason: "not a placesd database (it is empty)")
        }
        return try BackupContents.read(from: reader, formatVersion: version, countingByOwner: false)
    }

    /// Copies every page `reader` sees into `partial`, then turns the copy into a self-contained
    /// rollback-journal database.
    private static func copyPages(
        from reader: SQLiteConnection, into partial: PartialFile, pagesPerStep: Int32, _ contents: BackupContents
    ) throws -> BackupContents {
        let writer = try SQLiteConnection(path: partial.path, mode: .readWrite)
        defer { writer.close() }
        // The copy is written back to the disk step by step (`PartialFile.writeBackAdded`), flushed once at the end
        // and thrown away on any failure, so it needs no journal while it is written; exclusive locking keeps the WAL index (below) in memory rather than in a `-shm` file.
        try writer.execute("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        guard let backup = sqlite3_backup_init(writer.rawHandle, "main", reader.rawHandle, "main") else {
            throw writer.lastError(code: sqlite3_errcode(writer.rawHandle))
        }
        var code: Int32
        var busyWaits = 0
        var writeBackError: SystemError?
        var pacing = BackgroundPacing()
        // A negative count copies everything in one step: there is nothing to make smaller.
        let busyStep = pagesPerStep > 0 ? min(pagesPerStep, busyPagesPerStep) : pagesPerStep
        repeat {
            code = sqlite3_backup_step(backup, pacing.isBusy ? busyStep : pagesPerStep)
            // Nothing should hold the copy's lock or write through the reader; wait a little if something does.
            if code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED, busyWaits < 1_000 {
                busyWaits += 1
                sqlite3_sleep(5)
                code = SQLITE_OK
            } else if code == SQLITE_OK {
                do throws(SystemError) {
                    try partial.writeBackAdded()
                } catch {
                    writeBackError = error
                }
                pacing.yieldIfBusy()
            }
        } while code == SQLITE_OK && writeBackError == nil
        let finished = sqlite3_backup_finish(backup)
        if let writeBackError { throw writeBackError }
        guard code == SQLITE_DONE, finished == SQLITE_OK else {
            throw writer.lastError(code: code == SQLITE_DONE ? finished : code)
        }
        // The pages came with the source's header, which says WAL: open the copy that way once (reading it does),
        // then leave WAL mode, which checkpoints and marks the header for the rollback journal.
        _ = try writer.integer("SELECT count(*) FROM sqlite_schema")
        let mode = try writer.texts("PRAGMA journal_mode = DELETE")
        guard mode == ["delete"] else {
            throw SQLiteError(code: SQLITE_ERROR, message: "the copy stayed in journal mode \(mode)")
        }
        var copied = contents
        copied.gaveWayNanoseconds = pacing.yieldedNanoseconds
        return copied
    }
}
