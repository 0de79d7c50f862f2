import PlacesState

/// A kind of engine whose store is backed up (`server.backup`) by reading all its rows in one consistent
/// snapshot while the daemon, and other hosts, go on committing, and writing them into a backup file of a
/// `BackupFileKind`. The reading goes over a connection of its own, never through the store's writer.
package protocol SnapshotReadingKind: EngineKind, SendableMetatype {
    /// Reads every row of the store in `database` in one snapshot, sealed values as they are, handing them to
    /// `sink` as they come: the revision, the owners and the places are those of one moment, whatever is
    /// committed meanwhile. The database is not changed.
    static func readSnapshot(_ database: String, into sink: any StoredRowsSink) throws(StoreError)
}
