import PlacesPersistence
import PlacesSQLite
import PlacesSealing

/// `placesd restore FILE`: restores a backup into a stopped daemon's database, the way `etcdutl snapshot restore`
/// builds a fresh data directory.
public struct RestoreCommand: Sendable, Equatable {
    /// The configuration the database path and the key come from (`--config`, `--database`, `--key-file`).
    public var invocation: DaemonInvocation
    /// The backup file.
    public var backupPath: String
    /// Replace a SQLite database that holds places, keeping it aside.
    public var isReplacing = false

    /// A restore of the backup at `backupPath` into the database `invocation` configures.
    public init(invocation: DaemonInvocation, backupPath: String, isReplacing: Bool = false) {
        self.invocation = invocation
        self.backupPath = backupPath
        self.isReplacing = isReplacing
    }

    /// The text `placesd restore --help` prints.
    public static let helpText = """
        Usage: placesd restore FILE [--config PATH] [--database DATABASE] [--key-file PATH] [--replace]

        Restores the backup FILE into the database placesd is configured with, which must not be in use: stop the
        daemon first. The backup's integrity and format version are checked first, and a sealed backup against
        the configured key; on any refusal nothing is changed. Into a SQLite file, the backup is copied beside
        it, flushed and renamed into place; a database that holds places is refused unless --replace, which keeps
        it as PATH.before-restore-TIME. Into PostgreSQL, every row is copied in one transaction, only into a
        database that holds no places (--replace is for SQLite files only: restore into an empty database).

        Arguments:
          FILE                   The backup to restore.

        Options:
          --config PATH          Read database and key-file from PATH (default: as for placesd).
          --database DATABASE    The database to restore into (default: as for placesd).
          --key-file PATH        The key the backup was sealed with (default: key-file from the configuration,
                                 else the $CREDENTIALS_DIRECTORY/placesd.key credential); not needed for a
                                 plaintext backup.
          --replace              Replace a SQLite database that holds places, keeping it as
                                 PATH.before-restore-TIME.
          -h, --help             Print this help and exit.

        Exit status: 0 when the backup was restored, 1 when it was refused (nothing is changed), 64 for a usage
        error, 78 for a configuration error.

        """

    /// Why a PostgreSQL target that holds places is refused, and what to do instead.
    static let emptyPostgreSQLOnly =
        "a backup is restored into PostgreSQL only when the database holds no places (--replace is for SQLite "
        + "files only): restore into an empty database"

    /// Restores the backup; returns the exit status and the text to print (on stdout for 0, else stderr).
    func run() -> (status: Int32, message: String) {
        invocation.run(restore)
    }

    /// Restores the backup into the database `configuration` names, checked against its key.
    private func restore(_ configuration: ServerConfiguration) -> (status: Int32, message: String) {
        var key: StoreKey?
        do {
            if let keyPath = configuration.keyFilePath { key = try KeyFile.read(keyPath).key }
        } catch {
            return (1, "placesd: \(error); nothing was changed")
        }
        let target = configuration.databasePath
        guard StorageEngines.isFile(target) else { return restore(intoStore: target, key: key) }
        let outcome: SQLiteRestore.Outcome
        do {
            outcome = try SQLiteRestore.restore(backupAt: backupPath, to: target, replace: isReplacing, key: key)
        } catch {
            return (1, "placesd: \(error); nothing was changed")
        }
        var message = Self.restored(outcome.backup, into: target)
        if let kept = outcome.keptDatabase {
            message += "\nThe database that was there is kept as '\(kept)'."
        }
        return (0, message)
    }

    /// Restores the backup into a store that is not a file (PostgreSQL) through the engines' whole-store
    /// transfer, as `placesd migrate` copies one: only into a database that holds no places.
    private func restore(intoStore target: String, key: StoreKey?) -> (status: Int32, message: String) {
        let operation = "restore '\(backupPath)' into '\(StorageEngines.describe(target))'"
        guard !isReplacing else {
            return (1, "placesd: Failed to \(operation): \(Self.emptyPostgreSQLOnly); nothing was changed")
        }
        let info: BackupInfo
        do {
            info = try BackupInfo.inspect(path: backupPath)
            try SQLiteRestore.check(info, key: key)
        } catch let error as BackupError {
            return (1, "placesd: \(error); nothing was changed")
        } catch {
            return (1, "placesd: Failed to \(operation): \(error); nothing was changed")
        }
        do {
            // The transfer opens a SQLite file for writing; a copy keeps the user's backup as it is.
            let rows = try BackupWorkingCopy.with(copyOf: backupPath) { copy in
                try StorageEngines.kind(of: copy).transfer.read(copy)
            }
            try StorageEngines.kind(of: target).transfer.write(rows, into: target)
        } catch {
            return (1, "placesd: Failed to \(operation): \(error); nothing was changed (\(Self.emptyPostgreSQLOnly))")
        }
        return (0, Self.restored(info, into: StorageEngines.describe(target)))
    }

    /// "Restored 'FILE' into 'DATABASE': revision 12, 5 places (sealed)."
    private static func restored(_ info: BackupInfo, into target: String) -> String {
        "Restored '\(info.path)' into '\(target)': revision \(info.contents.revision), "
            + "\(info.contents.placeCount) places\(info.contents.isSealed ? " (sealed)" : "")."
    }
}
