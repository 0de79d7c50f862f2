import Foundation
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// A database file the store must refuse, and how to make it.
enum RefusedFile: String, CaseIterable, Sendable {
    /// Not SQLite at all.
    case randomBytes
    /// Another program's SQLite database, with a table and no application id.
    case otherApplicationWithoutID
    /// Another program's SQLite database, with its own application id.
    case otherApplicationID
    /// A placesd database from a newer build.
    case newerSchema
    /// A placesd database with overwritten pages.
    case damaged

    /// The start of the reason the store must give.
    var reason: String {
        switch self {
        case .randomBytes: "file is not a database"
        case .otherApplicationWithoutID: "not a placesd database (it has no placesd application id)"
        case .otherApplicationID: "not a placesd database (application id 0x2A)"
        case .newerSchema: "schema version 999 is newer than this placesd supports (\(Schema.latestVersion))"
        case .damaged: "integrity check failed"
        }
    }

    /// Writes the file at `path`.
    func make(at path: String) throws {
        switch self {
        case .randomBytes:
            var generator = SystemRandomNumberGenerator()
            try FileManagerShim.write(
                Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }), to: path)
        case .otherApplicationWithoutID:
            try makeDatabase(at: path, "CREATE TABLE foo (x INTEGER); INSERT INTO foo VALUES (1);")
        case .otherApplicationID:
            try makeDatabase(at: path, "PRAGMA application_id = 42; CREATE TABLE foo (x INTEGER);")
        case .newerSchema:
            try makeDatabase(
                at: path,
                """
                PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 999;
                CREATE TABLE meta (singleton INTEGER PRIMARY KEY, schema_version INTEGER, application TEXT,
                    revision INTEGER, hologram BLOB);
                INSERT INTO meta VALUES (1, 999, 'placesd', 12, NULL);
                """)
        case .damaged:
            let store = try openStore(path)
            for index in 0..<300 {
                _ = try store.perform(.add(draft("place \(index) " + String(repeating: "x", count: 150))), owner: 1)
            }
            store.close()
            // Overwrite the places table's pages past the first few with a pattern no b-tree page has.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try handle.seek(toOffset: 4096 * 4)
            try handle.write(contentsOf: Data(repeating: 0x0D, count: 4096 * 3))
            try handle.close()
        }
    }
}
