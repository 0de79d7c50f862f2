import PlacesModel
import PlacesSealing
import PlacesState

/// Reads the whole database into a `StoreState`: one pass over each table, no per-row work beyond the strings
/// (and, for a sealed store, opening each row's sealed value, which other threads do while the rows are read).
struct StateLoader {
    /// The connection to read from.
    let connection: SQLiteConnection
    /// Opens the rows of a sealed store; nil for a plaintext store.
    var cipher: PlaceCipher?

    /// Loads the store revision, every owner's revision and every place, each owner's list in position order.
    ///
    /// Every row must be sealed if `cipher` is given, and none otherwise.
    func load() throws -> StoreState {
        var state = StoreState()
        state.revision = try loadStoreRevision()

        var revisions: [UserID: Int64] = [:]
        let owners = try connection.prepare("SELECT uid, revision FROM owners")
        while try owners.step() {
            revisions[try Self.owner(owners.int64(at: 0))] = owners.int64(at: 1)
        }

        let total = Int(try connection.integer("SELECT count(*) FROM places") ?? 0)
        var index = PlaceIndex.Builder(expectedCount: total)
        let spatial = SpatialIndexBuild()
        var lists = try loadPlaces(
            into: &index, spatial: spatial, expectedCount: total, nextRow: &state.nextRow)
        spatial.finish()
        switch index.build() {
        case .success(let built): state.index = built
        case .failure(let duplicate): throw DamagedState(reason: "place id '\(duplicate.id)' occurs twice")
        }
        for owner in lists.keys.sorted() {
            let list = try lists.removeValue(forKey: owner)!.build(owner: owner)
            state.owners.append(owner)
            state.count += list.places.count
            state.lists[owner] = list
        }
        for (owner, built) in spatial.wait() {
            state.lists[owner]?.spatial = built
        }
        for (owner, revision) in revisions {
            state.lists[owner, default: OwnerList()].revision = revision
        }
        return state
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
    /// order), grouped by owner, handing their coordinates to `spatial`; sets `nextRow` above the last rowid.
    private func loadPlaces(
        into index: inout PlaceIndex.Builder, spatial: SpatialIndexBuild, expectedCount: Int, nextRow: inout Int64
    ) throws -> [UserID: LoadingList] {
        let places = try connection.prepare(
            """
            SELECT id, owner, position, name, description, latitude, longitude, visited, version, created_at,
                updated_at, rowid, sealed
            FROM places
            """)
        var collector = LoadingLists(expectedCount: expectedCount, spatial: spatial)
        var opener = cipher.map { SealedRowOpener(cipher: $0) }
        while try places.step() {
            guard let id = places.placeID(at: 0) else {
                throw DamagedState(reason: "a place has an id that is not 16 bytes")
            }
            let owner = try Self.owner(places.int64(at: 1))
            let position = places.int64(at: 2)
            let row = places.int64(at: 11)
            nextRow = max(nextRow, row + 1)
            index.add(id, at: PlaceLocation(owner: owner, position: position))
            let sealed = places.blob(at: 12)
            if opener != nil {
                guard let sealed else { throw DamagedState(reason: "place '\(id)' is not sealed in a sealed store") }
                let opened = try opener!.add(
                    id: id, owner: owner, position: position, row: row, isVisited: places.int64(at: 7) != 0,
                    version: places.int64(at: 8), createdAt: places.int64(at: 9), updatedAt: places.int64(at: 10),
                    sealed: sealed)
                if let opened {
                    collector.append(opened)
                }
                continue
            }
            guard sealed == nil else { throw DamagedState(reason: "place '\(id)' is sealed in a plaintext store") }
            let place = Place(
                id: id, owner: owner, name: places.text(at: 3), description: places.text(at: 4),
                coordinate: Coordinate(latitude: places.double(at: 5), longitude: places.double(at: 6)),
                isVisited: places.int64(at: 7) != 0, version: places.int64(at: 8),
                createdAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 9)),
                updatedAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 10)))
            collector.append(PlaceSlot(place: place, position: position, row: row))
        }
        if opener != nil {
            for opened in try opener!.finish() {
                collector.append(opened)
            }
        }
        return collector.finish()
    }

    private static func owner(_ value: Int64) throws -> UserID {
        guard let owner = UserID(exactly: value) else {
            throw DamagedState(reason: "owner \(value) is not a uid")
        }
        return owner
    }
}
