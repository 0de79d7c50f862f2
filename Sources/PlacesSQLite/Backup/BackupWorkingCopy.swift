import Glibc
import PlacesSystem

/// A private copy of a backup file, for a reader that opens a SQLite file for writing (`placesd restore` into
/// PostgreSQL reads it through the whole-store transfer, which sets WAL mode and migrates an older format in
/// place): the user's backup is then never changed, however the read ends.
package enum BackupWorkingCopy {
    /// Runs `body` with the path of a copy of the backup at `backup`, made (mode 0600) in `$TMPDIR`, else
    /// `/var/tmp`, and removed with anything SQLite left beside it once `body` returns or throws.
    package static func with<Result>(
        copyOf backup: String, _ body: (String) throws -> Result
    ) throws -> Result {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/var/tmp"
        let copy = try PartialFile(for: directory + "/placesd-restore.sqlite")
        defer { copy.discard() }
        try copy.copyContents(of: backup)
        return try body(copy.path)
    }
}
