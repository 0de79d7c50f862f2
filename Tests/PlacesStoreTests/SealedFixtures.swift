import Foundation
import PlacesModel
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Options that give the store `key`.
func options(key: StoreKey?) -> OpeningOptions {
    var options = OpeningOptions()
    options.key = key
    return options
}

/// A fixed key made from one repeated byte, so that two calls give equal keys.
func fixedKey(_ byte: UInt8) -> StoreKey {
    try! StoreKey(bytes: [UInt8](repeating: byte, count: StoreKey.byteCount))
}

/// A place whose name, description and latitude are found nowhere else, so that their bytes can be searched for.
struct SecretPlace {
    /// The distinctive name.
    let name: String
    /// The distinctive description.
    let description: String
    /// A latitude with many significant digits.
    let latitude: Double

    /// The `index`th secret place.
    init(_ index: Int) {
        name = "Quetzal-Name-\(index)-vxq"
        description =
            "Zygomorphic description number \(index) of a hidden orchard; " + String(repeating: "k", count: index)
        latitude = 10.123_456_789_012 + Double(index) / 1_000
    }

    /// A draft of the place.
    var draft: PlaceDraft {
        try! PlaceDraft(name: name, description: description, latitude: latitude, longitude: -71.987_654_321_09)
    }

    /// The byte strings whose presence in a file shows the place in plaintext: name, description, and the
    /// latitude's eight bytes as SQLite stores a REAL (big-endian) and as the sealed payload does (little-endian).
    var needles: [(what: String, bytes: [UInt8])] {
        [
            ("name '\(name)'", Array(name.utf8)),
            ("description of '\(name)'", Array(description.utf8)),
            ("latitude of '\(name)' (big-endian)", withUnsafeBytes(of: latitude.bitPattern.bigEndian) { Array($0) }),
            (
                "latitude of '\(name)' (little-endian)",
                withUnsafeBytes(of: latitude.bitPattern.littleEndian) { Array($0) }
            ),
        ]
    }
}

/// What of `needles` occurs in the database file at `path`, its WAL or its shared-memory file.
func leaks(_ needles: [(what: String, bytes: [UInt8])], in path: String) -> [String] {
    var found: [String] = []
    for file in [path, path + "-wal", path + "-shm"] {
        guard let contents = FileManager.default.contents(atPath: file) else { continue }
        for needle in needles where contents.range(of: Data(needle.bytes)) != nil {
            found.append("\(needle.what) in \((file as NSString).lastPathComponent)")
        }
    }
    return found
}

/// What of the secret places' needles occurs in the database at `path` (file, WAL, shared memory).
func leaks(of places: [SecretPlace], in path: String) -> [String] {
    leaks(places.flatMap(\.needles), in: path)
}

/// Runs `body` on a connection to `path` outside the store, then checkpoints and closes it.
func withDatabase<Result>(at path: String, _ body: (SQLiteConnection) throws -> Result) throws -> Result {
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    defer {
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    }
    return try body(connection)
}

/// Every row's sealed value (nil for a plaintext row), by rowid.
func sealedValues(at path: String) throws -> [Int64: [UInt8]?] {
    try withDatabase(at: path) { connection in
        let statement = try connection.prepare("SELECT rowid, sealed FROM places")
        var values: [Int64: [UInt8]?] = [:]
        while try statement.step() {
            values.updateValue(statement.bytes(at: 1), forKey: statement.int64(at: 0))
        }
        return values
    }
}

/// Every owner's places in list order, with the store revision and each owner's revision: what must survive
/// sealing, unsealing and rekeying unchanged.
struct StoreContents: Equatable {
    /// The store revision.
    let revision: Int64
    /// Each owner's revision and places.
    let owners: [UserID: OwnerContents]

    /// An owner's revision and places.
    struct OwnerContents: Equatable {
        /// The owner's revision.
        let revision: Int64
        /// The places in list order.
        let places: [Place]
    }

    /// The contents of `snapshot`.
    init(_ snapshot: StoreSnapshot) {
        revision = snapshot.revision
        var owners: [UserID: OwnerContents] = [:]
        for owner in snapshot.owners {
            owners[owner] = OwnerContents(
                revision: snapshot.revision(of: owner), places: Array(snapshot.places(of: owner)))
        }
        self.owners = owners
    }
}

/// The rowid, id and position columns of every row, ordered by rowid.
func rowLayout(at path: String) throws -> [String] {
    try withDatabase(at: path) { connection in
        try connection.texts(
            "SELECT rowid || ' ' || hex(id) || ' ' || owner || ' ' || position FROM places ORDER BY rowid")
    }
}
