import PlacesSealing
import PlacesState

/// Looks at a database through a read-only connection and decides whether the store may use it.
///
/// Nothing here writes to the file: a refused database stays exactly as it was.
struct DatabaseInspector {
    /// What the file is, as far as the store is concerned.
    enum Identity: Equatable {
        /// No schema, no markers: a new file the migrations will build.
        case empty
        /// A placesd database at `version`, which this build can use (maybe after migrating).
        case placesd(version: Int64)
    }

    /// The newest schema version this build can use.
    var latestVersion: Int64 = Schema.latestVersion

    /// The mode to read `path` with before the store has decided to use it.
    ///
    /// Without a WAL file the database file holds everything, and the store's lock keeps other stores away:
    /// reading it as immutable then creates no `-wal`/`-shm` files beside a file that may turn out not to be ours.
    static func readingMode(for path: String) -> SQLiteConnection.Mode {
        DatabaseFile.exists(path + "-wal") ? .readOnly : .immutable
    }

    /// Reads the markers; throws `StoreError.cannotOpen` for a file that is not SQLite, not a placesd database,
    /// or newer than this build.
    func identify(_ connection: SQLiteConnection) throws(StoreError) -> Identity {
        let path = connection.path
        do {
            let applicationID = try connection.integer("PRAGMA application_id") ?? 0
            let userVersion = try connection.integer("PRAGMA user_version") ?? 0
            let objects = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
            if applicationID == 0, userVersion == 0, objects == 0 {
                return .empty
            }
            guard applicationID == Schema.applicationID else {
                let reason =
                    applicationID == 0
                    ? "not a placesd database (it has no placesd application id)"
                    : "not a placesd database (application id \(hex(applicationID)))"
                throw StoreError.cannotOpen(path: path, reason: reason)
            }
            guard userVersion <= latestVersion else {
                let reason = "schema version \(userVersion) is newer than this placesd supports (\(latestVersion))"
                throw StoreError.cannotOpen(path: path, reason: reason)
            }
            return .placesd(version: userVersion)
        } catch {
            throw .opening(path, error)
        }
    }

    /// Runs `PRAGMA quick_check`; throws `StoreError.cannotOpen` naming the first problem.
    func checkIntegrity(_ connection: SQLiteConnection) throws(StoreError) {
        let problems: [String]
        do {
            problems = try connection.texts("PRAGMA quick_check")
        } catch {
            throw .cannotOpen(path: connection.path, reason: "integrity check failed: \(error.message)")
        }
        guard problems == ["ok"] else {
            throw .cannotOpen(
                path: connection.path, reason: "integrity check failed: \(problems.first ?? "no result")")
        }
    }

    private func hex(_ value: Int64) -> String {
        "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
    }
}
