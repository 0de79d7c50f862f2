import PlacesState

/// A kind of engine whose store can be copied while the daemon serves it, into a file of placesd's SQLite format
/// (`server.backup`), by the engine itself. The copy reads the store on a connection of its own, never through
/// the store's writer.
package protocol OnlineBackupKind: BackupFileKind {
    /// Copies the store in `database` to the file `target` (mode 0600, written to a temporary beside it, flushed
    /// and renamed); on failure nothing is left at `target` and no temporary stays.
    static func backUp(_ database: String, to target: String) throws(StoreError) -> BackupSummary
}
