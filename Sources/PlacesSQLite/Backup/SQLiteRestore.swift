import Glibc
import PlacesModel
import PlacesSealing
import PlacesState
import PlacesSystem

/// Restores a backup file into a SQLite database path while no daemon uses it, the way `etcdutl snapshot
/// restore` builds a fresh data directory.
///
/// Everything that can refuse is checked before anything is replaced: the backup's integrity and format version
/// (an older one is fine: the daemon migrates it when it opens it), the key of a sealed backup, the daemon's lock
/// on the target, and whether the target holds places. The backup is then copied to a temporary beside the
/// target (given, when run as root, to the owner of the database it replaces or of its directory, so that the
/// daemon's user can open it) and flushed; only then is the old database (file, `-wal` and `-shm` together, so it
/// stays a consistent database with its last commits) renamed to `PATH.before-restore-TIME`, the copy renamed
/// into place and the directory flushed.
package enum SQLiteRestore {
    /// What a restore did.
    package struct Outcome: Sendable, Hashable {
        /// The backup restored, as inspected before.
        package let backup: BackupInfo
        /// Where the database that was at the target is kept now; nil if there was none.
        package let keptDatabase: String?
    }

    /// Restores the backup at `backup` into the database at `database`; `replace` allows replacing a database
    /// that holds places; `key` is the key the daemon will open the store with (a sealed backup needs its own).
    /// `now` names the kept database.
    package static func restore(
        backupAt backup: String, to database: String, replace: Bool, key: StoreKey?,
        now: Timestamp = Timestamp(millisecondsSinceEpoch: Clock.realtimeMilliseconds())
    ) throws(BackupError) -> Outcome {
        let operation = "restore '\(backup)' into '\(database)'"
        let info = try BackupInfo.inspect(path: backup)
        do {
            try check(info, key: key)
            try FileSystem.createParentDirectories(of: database)
            let lock = try lockUnused(database)
            defer { lock?.close() }
            if !replace, let places = try RestoreTarget.placeCount(at: database), places != 0 {
                throw RestoreRefusal("'\(database)' holds \(places) places; replace it to keep it aside and restore")
            }
            let partial = try PartialFile(for: database)
            try partial.copyContents(of: backup)
            try partial.takeOwner(of: FileSystem.fileExists(database) ? database : partial.directory)
            try partial.synchronize()
            let kept = try RestoreTarget.moveAside(database, stamp: stamp(of: now))
            for suffix in ["-wal", "-shm", "-journal"] where FileSystem.fileExists(database + suffix) {
                throw RestoreRefusal("'\(database + suffix)' is left beside the database; move it away first")
            }
            try partial.commit()
            return Outcome(backup: info, keptDatabase: kept)
        } catch {
            throw BackupError(operation: operation, reason: BackupError.reason(of: error))
        }
    }

    /// Refuses a backup that failed its integrity check, or is sealed and `key` is not its key: what a restore
    /// into another kind of store (`placesd restore` into PostgreSQL) checks first too.
    package static func check(_ info: BackupInfo, key: StoreKey?) throws {
        guard info.isIntact else {
            throw RestoreRefusal(
                "the backup failed its integrity check: \(info.integrityProblems.joined(separator: "; "))")
        }
        guard let keyCheck = info.contents.keyCheck else { return }
        guard let key else { throw RestoreRefusal("the backup is sealed, and no store key is configured") }
        guard KeyCheck.verify(keyCheck, matches: key) else {
            throw RestoreRefusal("the backup is sealed with a different key than the one configured")
        }
    }

    /// Takes the daemon's lock on the existing database at `path` (see `DatabaseFile`), returning its descriptor
    /// to hold until the restore is done; nil if there is no file.
    private static func lockUnused(_ path: String) throws -> FileDescriptor? {
        guard FileSystem.fileExists(path) else { return nil }
        let descriptor = try FileSystem.openForReading(path)
        guard try descriptor.lockExclusively() else {
            descriptor.close()
            throw RestoreRefusal("'\(path)' is in use by a running placesd")
        }
        return descriptor
    }

    /// `now` in UTC as `20261204T211500Z`.
    static func stamp(of now: Timestamp) -> String {
        var seconds = time_t(now.millisecondsSinceEpoch / 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
