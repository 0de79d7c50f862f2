import PlacesPersistence
import PlacesState

/// How `server.backup` backs up the store the daemon serves, as `StorageEngines` chooses it for the store's
/// engine: what copies the store into a new backup file, the kind of file that is, and where a backup or restore
/// killed half-way may have left temporaries besides the backup directories.
struct BackupMethod: Sendable {
    /// The kind of file backups are: what removes the temporaries of a backup killed half-way.
    let files: any BackupFileKind.Type
    /// The directory the database file is in, cleaned of temporaries at start-up; nil for a store that is not a
    /// file.
    let databaseDirectory: String?
    /// Copies the store into a new backup file at the path it is given (mode 0600, never half there).
    let copy: @Sendable (_ target: String) throws(StoreError) -> BackupSummary

    /// A method that copies with `copy` into files of the kind `files`.
    init(
        files: any BackupFileKind.Type, databaseDirectory: String?,
        copy: @escaping @Sendable (_ target: String) throws(StoreError) -> BackupSummary
    ) {
        self.files = files
        self.databaseDirectory = databaseDirectory
        self.copy = copy
    }
}
