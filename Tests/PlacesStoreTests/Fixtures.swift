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

/// What a test opens a store with: the SQLite engine's key, change log limits and fault hook, and the store's
/// limit on places.
struct OpeningOptions {
    /// The key that seals the places; nil = no key supplied.
    var key: StoreKey?
    /// How much of the change log the engine keeps.
    var changeLogLimits = ChangeLogLimits.standard
    /// The most places one owner may have.
    var maximumPlacesPerOwner = PlaceStore.defaultMaximumPlacesPerOwner
    /// Makes chosen storage operations fail; nil opens the file plainly.
    var faultHook: (any SQLiteFaultHook)?
}

/// A store over a SQLite engine opened at `path` with `options`, as the daemon hands an engine to its store.
func makeStore(
    _ path: String, options: OpeningOptions = OpeningOptions(),
    clock: @escaping @Sendable () -> Timestamp = PlaceStore.systemClock
) throws(StoreError) -> PlaceStore {
    let engine = try SQLiteEngine(
        path: path, key: options.key, limits: options.changeLogLimits, hook: options.faultHook)
    return PlaceStore(engine: engine, maximumPlacesPerOwner: options.maximumPlacesPerOwner, clock: clock)
}

/// Opens a store at `path` with a test clock, waiting while the file is still locked by a store just closed
/// (see `waitingForTheLock`).
func openStore(_ path: String, options: OpeningOptions = OpeningOptions()) throws -> PlaceStore {
    let clock = TestClock()
    return try waitingForTheLock(path) { () throws(StoreError) in
        try makeStore(path, options: options, clock: { clock.now() })
    }
}

/// `SQLiteEngine.rekey`, waiting while the file is still locked by a store just closed (see `waitingForTheLock`).
func rekey(_ path: String, from oldKey: StoreKey?, to newKey: StoreKey?) throws(StoreError) {
    try waitingForTheLock(path) { () throws(StoreError) in try SQLiteEngine.rekey(path, from: oldKey, to: newKey) }
}

/// Runs `open` (anything that takes the database file's lock: a store, a rekey) again while it fails only
/// because the file at `path` is still locked, for up to 60 seconds.
///
/// Closing a store releases its lock at once, unless a child process that another test spawns at that moment
/// still holds a copy of the lock's descriptor: it keeps it until it calls `exec`, which on a busy machine can
/// take a while, and a store opened meanwhile is refused as "in use". A lock that is never released still fails.
func waitingForTheLock<Value>(_ path: String, _ open: () throws(StoreError) -> Value) throws(StoreError) -> Value {
    let inUse = StoreError.cannotOpen(path: path, reason: "in use by another placesd store")
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
        do throws(StoreError) {
            return try open()
        } catch  where error == inUse && ContinuousClock.now < deadline {
            _ = poll(nil, 0, 1)
        }
    }
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

/// A schema version 1 database, as the first release wrote it, with places of two owners.
func makeVersionOneDatabase(at path: String) throws {
    let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
    defer { connection.close() }
    try connection.execute("PRAGMA journal_mode = WAL")
    try Migrator(migrations: Array(Schema.migrations.prefix(1))).migrate(connection)
    // Rows in another order than the lists', and an id kept as its 16 bytes.
    try connection.execute(
        """
        INSERT INTO places VALUES
            (X'0000000000004000800000000000000B', 1, 20, 'b', 'second', 1.5, 2.5, 1, 3, 100, 200),
            (X'0000000000004000800000000000000A', 1, 10, 'a', 'first', -1.5, -2.5, 0, 1, 50, 50),
            (X'0000000000004000800000000000000C', 2, 5, 'c', '', 0, 0, 0, 1, 60, 60);
        INSERT INTO owners VALUES (1, 4), (2, 1);
        UPDATE meta SET revision = 5;
        """)
}
