import Foundation
import PlacesModel
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// A valid draft named `name`.
func draft(_ name: String, latitude: Double = 48.8584, longitude: Double = 2.2945) -> PlaceDraft {
    try! PlaceDraft(name: name, description: "about \(name)", latitude: latitude, longitude: longitude)
}

/// A patch that renames.
func rename(_ name: String) -> PlacePatch {
    try! PlacePatch(name: name)
}

/// Opens a store at `path` with a test clock.
func openStore(_ path: String, options: StoreOptions = StoreOptions()) throws -> PlaceStore {
    let clock = TestClock()
    return try PlaceStore(path: path, options: options, clock: { clock.now() })
}

/// The file's bytes, or nil if it does not exist.
func bytes(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

/// The permission bits of `path`.
func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Runs `sql` on a new SQLite file at `path`, outside the store.
func makeDatabase(at path: String, _ sql: String) throws {
    let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
    try connection.execute(sql)
    connection.close()
}
