import PlacesPersistence
import PlacesState
import PlacesSystem

/// A backup file written from rows another engine reads in one snapshot (a PostgreSQL store's), in placesd's
/// SQLite format at this build's schema version: the same kind of file `SQLiteBackup` copies, so that `placesd
/// backup --info` and `placesd restore` take it as they take any backup.
///
/// The rows go into a temporary beside the target (`PartialFile`) in one transaction as they come, a chunk at a
/// time, so memory stays bounded whatever the store's size; sealed rows are written as they are, so the file
/// holds no plaintext of a sealed store. The temporary needs no journal (it is flushed once at the end and thrown
/// away on any failure); once the rows are in, it is flushed, renamed over the target and the directory
/// flushed. The change log is not copied, as a restore would not use it.
package enum RowsBackup {
    /// Writes the rows `read` hands its sink into a new backup at `target` (replaced if it exists, mode 0600);
    /// `source` names the store in messages. On failure nothing is left at `target` that was not there before,
    /// and no temporary stays.
    package static func write(
        of source: String, to target: String, reading read: (any StoredRowsSink) throws(StoreError) -> Void
    ) throws(BackupError) -> BackupContents {
        do {
            let partial = try PartialFile(for: target)
            let connection = try SQLiteConnection(path: partial.path, mode: .readWrite)
            defer { connection.close() }
            try connection.execute(
                "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            let version = try Migrator().migrate(connection)
            let writer = try SQLiteRowsWriter(connection: connection)
            try read(writer)
            try writer.commit()
            connection.close()
            try partial.synchronize()
            let contents = BackupContents(
                formatVersion: version, revision: writer.revision, placeCount: writer.placeCount,
                placesByOwner: nil, isSealed: writer.keyCheck != nil, byteCount: try FileSystem.fileSize(partial.path),
                keyCheck: writer.keyCheck)
            try partial.commit()
            return contents
        } catch {
            throw BackupError(operation: "back up '\(source)' to '\(target)'", reason: BackupError.reason(of: error))
        }
    }
}
