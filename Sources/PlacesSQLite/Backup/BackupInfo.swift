import Glibc
import PlacesState
import PlacesSystem

/// What a backup file holds and whether it is intact: what `placesd backup --info FILE` prints, and what a
/// restore checks first.
///
/// The file is read as immutable: nothing is written to it, and no `-wal`, `-shm` or journal file appears beside
/// it (a `-wal` file already there is ignored; a backup never has one).
package struct BackupInfo: Sendable, Hashable {
    /// The file's path.
    package let path: String
    /// What the file holds.
    package let contents: BackupContents
    /// What `PRAGMA integrity_check` found: empty when the file is intact, else its first problems.
    package let integrityProblems: [String]

    /// Whether the integrity check found nothing wrong.
    package var isIntact: Bool { integrityProblems.isEmpty }

    /// Inspects the file at `path`; throws if it cannot be read, is not a placesd database, or has a schema
    /// version newer than this build's (with the reasons the daemon gives when it refuses such a database).
    package static func inspect(path: String) throws(BackupError) -> BackupInfo {
        let operation = "read backup '\(path)'"
        do {
            guard FileSystem.fileExists(path) else {
                throw SystemError(errno: ENOENT, operation: "open '\(path)'")
            }
            let connection = try SQLiteConnection(path: path, mode: .immutable)
            defer { connection.close() }
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            let identity = try DatabaseInspector().identify(connection)
            guard case .placesd(let version) = identity else {
                throw StoreError.cannotOpen(path: path, reason: "not a placesd database (it is empty)")
            }
            let problems = integrityProblems(of: connection)
            var contents = try BackupContents.read(from: connection, formatVersion: version, countingByOwner: true)
            contents.byteCount = try FileSystem.fileSize(path)
            return BackupInfo(path: path, contents: contents, integrityProblems: problems)
        } catch {
            throw BackupError(operation: operation, reason: BackupError.reason(of: error))
        }
    }

    /// The first problems `PRAGMA integrity_check` reports (none for an intact file); a check that cannot run
    /// at all (a file too damaged) reports SQLite's error as its problem.
    private static func integrityProblems(of connection: SQLiteConnection) -> [String] {
        do throws(SQLiteError) {
            let results = try connection.texts("PRAGMA integrity_check(10)")
            return results == ["ok"] ? [] : results
        } catch {
            return [error.message]
        }
    }
}
