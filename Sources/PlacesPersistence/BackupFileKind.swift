import PlacesState

/// The kind of engine whose database files are placesd's backups (SQLite): a backup of any store is a file of
/// its format, so that `placesd backup --info` and `placesd restore` read a backup whatever store it came from.
package protocol BackupFileKind: EngineKind, SendableMetatype {
    /// Writes the rows `read` hands its sink into a new backup file at `target` (mode 0600, written to a
    /// temporary beside it, flushed and renamed); `source` names the store in messages. On failure nothing is
    /// left at `target` and no temporary stays.
    static func writeBackup(
        of source: String, to target: String, reading read: (any StoredRowsSink) throws(StoreError) -> Void
    ) throws(StoreError) -> BackupSummary

    /// Removes the temporaries of backups killed half-way in `directory`; `includingOwn` also those named after
    /// this process (at start-up, where a process id may have been reused). Returns their names.
    static func removeStaleBackups(in directory: String, includingOwn: Bool) throws(StoreError) -> [String]
}
