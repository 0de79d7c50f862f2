import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState

/// Reads the whole database into a `StoreState`: one pass over each table, no per-row work beyond the strings
/// (and, for a sealed store, opening each row's sealed value, which other threads do while the rows are read). A
/// large plaintext table may be read in two halves side by side, the upper one on a second connection.
struct StateLoader {
    /// The connection to read from.
    let connection: SQLiteConnection
    /// Opens the rows of a sealed store; nil for a plaintext store.
    var cipher: PlaceCipher?
    /// How a second connection may open the file to read half of a large plaintext table beside this one; nil:
    /// one connection reads it all.
    var splitReading: SQLiteConnection.Mode? = nil

    /// The fewest places read in two halves.
    static let splitThreshold = 50_000

    /// Loads the store revision, every owner's revision and every place, each owner's list in position order.
    ///
    /// Every row must be sealed if `cipher` is given, and none otherwise.
    func load() throws -> StoreState {
        let total = Int(try connection.integer("SELECT count(*) FROM places") ?? 0)
        var assembly = StateAssembly(expectedCount: total, revision: try loadStoreRevision())
        let owners = try connection.prepare("SELECT uid, revision FROM owners")
        while try owners.step() {
            assembly.setRevision(owners.int64(at: 1), of: try Self.owner(owners.int64(at: 0)))
        }
        try loadPlaces(into: &assembly, total: total)
        return try assembly.build()
    }

    /// Loads only the store revision: what a locked store shows.
    func loadLocked() throws -> StoreState {
        var state = StoreState()
        state.revision = try loadStoreRevision()
        return state
    }

    private func loadStoreRevision() throws -> Int64 {
        let meta = try connection.prepare("SELECT application, revision FROM meta WHERE singleton = 1")
        guard try meta.step(), meta.text(at: 0) == Schema.applicationMarker else {
            throw DamagedState(reason: "the meta table is missing its placesd row")
        }
        return meta.int64(at: 1)
    }

    /// Reads the places in rowid order (a plain table scan, in which each owner's places usually come in position
    /// order) into `assembly`. With `splitReading`, a plaintext table of `total` places, at least `splitThreshold`,
    /// is read in two halves side by side: the upper rowids by another thread on a connection of its own.
    private func loadPlaces(into assembly: inout StateAssembly, total: Int) throws {
        guard cipher == nil, let mode = splitReading, total >= Self.splitThreshold,
            let lowest = try connection.integer("SELECT min(rowid) FROM places"),
            let highest = try connection.integer("SELECT max(rowid) FROM places"),
            let second = try? SQLiteConnection(path: connection.path, mode: mode)
        else {
            return try loadPlaces(into: &assembly, from: connection, rows: nil)
        }
        let middle = lowest + (highest - lowest) / 2
        guard
            let upper = UpperHalfRead(
                connection: second, above: middle, expectedRows: min(Int(clamping: highest - middle), total))
        else {
            return try loadPlaces(into: &assembly, from: connection, rows: nil)
        }
        let lower = Result { () throws in
            try loadPlaces(into: &assembly, from: connection, rows: "rowid <= \(middle)")
        }
        // Joined before anything is thrown: the thread's connection is closed when this returns.
        let slots = Result { try upper.wait() }
        try lower.get()
        for slot in try slots.get() {
            assembly.add(slot)
        }
    }

    /// Reads the places of the rows `rows` selects (nil: every row) through `connection` into `assembly`.
    private func loadPlaces(
        into assembly: inout StateAssembly, from connection: SQLiteConnection, rows: String?
    ) throws {
        let places = try connection.prepare(Self.placesQuery + (rows.map { " WHERE \($0)" } ?? ""))
        var opener = cipher.map { SealedRowOpener(cipher: $0) }
        let tagLists = StoredTagLists()
        while try places.step() {
            guard opener != nil else {
                assembly.add(try Self.plaintextSlot(places, tagLists: tagLists))
                continue
            }
            guard let id = places.placeID(at: 0) else {
                throw DamagedState(reason: "a place has an id that is not 16 bytes")
            }
            let owner = try Self.owner(places.int64(at: 1))
            let position = places.int64(at: 2)
            let row = places.int64(at: 3)
            assembly.locate(id, at: PlaceLocation(owner: owner, position: position), row: row)
            guard let sealed = PlaceColumns.sealed(in: places, at: 4) else {
                throw DamagedState(reason: "place '\(id)' is not sealed in a sealed store")
            }
            let opened = try opener!.add(
                id: id, owner: owner, position: position, row: row,
                publicFields: PlaceColumns.publicFields(in: places, at: 4), sealed: sealed)
            for slot in opened ?? [] {
                assembly.append(slot)
            }
        }
        if opener != nil {
            for opened in try opener!.finish() {
                for slot in opened {
                    assembly.append(slot)
                }
            }
        }
    }

    /// The columns every read of the places selects, in the order the readers take them: the place's fields from
    /// result column 4 on.
    static let placesQuery = "SELECT id, owner, position, rowid, \(PlaceColumns.list) FROM places"

    /// The place in the current row of `places` (a `placesQuery`) of a plaintext store, its tags read through
    /// `tagLists` (see `StoredTagLists`).
    @inline(__always)
    static func plaintextSlot(_ places: SQLiteStatement, tagLists: StoredTagLists) throws -> PlaceSlot {
        guard let id = places.placeID(at: 0) else {
            throw DamagedState(reason: "a place has an id that is not 16 bytes")
        }
        guard PlaceColumns.sealed(in: places, at: 4) == nil else {
            throw DamagedState(reason: "place '\(id)' is sealed in a plaintext store")
        }
        let place = PlaceColumns.plaintextPlace(
            in: places, at: 4, id: id, owner: try owner(places.int64(at: 1)), tagLists: tagLists)
        return PlaceSlot(place: place, position: places.int64(at: 2), row: places.int64(at: 3))
    }

    private static func owner(_ value: Int64) throws -> UserID {
        guard let owner = UserID(exactly: value) else {
            throw DamagedState(reason: "owner \(value) is not a uid")
        }
        return owner
    }
}
