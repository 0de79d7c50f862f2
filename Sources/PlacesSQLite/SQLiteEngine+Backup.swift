import PlacesPersistence
import PlacesState

extension SQLiteEngine: OnlineBackupKind {
    /// Copies the file with SQLite's online backup API in one read transaction (see `SQLiteBackup`).
    package static func backUp(_ database: String, to target: String) throws(StoreError) -> BackupSummary {
        do {
            let contents = try SQLiteBackup.copy(databaseAt: database, to: target)
            return BackupSummary(
                revision: contents.revision, placeCount: contents.placeCount, byteCount: contents.byteCount,
                isSealed: contents.isSealed)
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
}
