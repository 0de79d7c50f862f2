import PlacesState
import PlacesSystem

/// The database a restore replaces: what it holds, and keeping it aside.
enum RestoreTarget {
    /// How many places the database at `path` holds: nil if there is no file or an empty one, 0 for a placesd
    /// database without places. A file that is not a usable placesd database is refused with its reason.
    static func placeCount(at path: String) throws -> Int64? {
        guard FileSystem.fileExists(path), try FileSystem.fileSize(path) > 0 else { return nil }
        let connection = try SQLiteConnection(path: path, mode: DatabaseInspector.readingMode(for: path))
        defer { connection.close() }
        guard case .placesd = try DatabaseInspector().identify(connection) else { return 0 }
        return try connection.integer("SELECT count(*) FROM places") ?? 0
    }

    /// Renames the database at `path` with its `-wal` and `-shm` files to `PATH.before-restore-STAMP` (with a
    /// number after it if that name is taken), main file first; returns the new name, or nil if there was nothing
    /// to keep (no file, or an empty one, which is removed).
    static func moveAside(_ path: String, stamp: String) throws -> String? {
        guard FileSystem.fileExists(path) else { return nil }
        guard try FileSystem.fileSize(path) > 0 || FileSystem.fileExists(path + "-wal") else {
            try FileSystem.removeFile(path)
            return nil
        }
        var kept = path + ".before-restore-" + stamp
        var number = 1
        while ["", "-wal", "-shm"].contains(where: { FileSystem.fileExists(kept + $0) }) {
            number += 1
            kept = path + ".before-restore-" + stamp + "-\(number)"
        }
        // The main file first: should the restore stop between the renames, a `-wal` left at the target makes the
        // restore refuse to go on (rather than SQLite applying it to the restored file), and nothing is lost.
        for suffix in ["", "-wal", "-shm"] where FileSystem.fileExists(path + suffix) {
            try FileSystem.rename(path + suffix, to: kept + suffix)
        }
        return kept
    }
}
