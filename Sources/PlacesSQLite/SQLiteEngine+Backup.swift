import PlacesPersistence
import PlacesState

extension SQLiteEngine: OnlineBackupKind {
    /// Copies the file with SQLite's online backup API in one read transaction (see `SQLiteBackup`).
    package static func backUp(_ database: String, to target: String) throws(StoreError) -> BackupSummary {
        do {
            return summary(of: try SQLiteBackup.copy(databaseAt: database, to: target))
        } catch {
            throw .storage(error.description)
        }
    }

    /// Writes the rows into a new file as they come (see `RowsBackup`).
    package static func writeBackup(
        of source: String, to target: String, reading read: (any StoredRowsSink) throws(StoreError) -> Void
    ) throws(StoreError) -> BackupSummary {
        do {
            return summary(of: try RowsBackup.write(of: source, to: target, reading: read))
        } catch {
            throw .storage(error.description)
        }
    }

    package static func removeStaleBackups(in directory: String, includingOwn: Bool) throws(StoreError) -> [String] {
        do {
            return try SQLiteBackup.removeStaleTemporaries(in: directory, includingOwn: includingOwn)
        } catch {
            throw .storage(error.description)
        }
    }

    /// What a backup holding `contents` reports.
    private static func summary(of contents: BackupContents) -> BackupSummary {
        BackupSummary(
            revision: contents.revision, placeCount: contents.placeCount, byteCount: contents.byteCount,
            isSealed: contents.isSealed, gaveWayNanoseconds: contents.gaveWayNanoseconds)
    }
}
