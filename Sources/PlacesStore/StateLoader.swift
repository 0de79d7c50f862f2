import PlacesModel

/// Reads the whole database into a `StoreState`: one pass over each table, no per-row work beyond the strings.
struct StateLoader {
    /// A problem with the rows themselves (the SQL worked, the data is not what placesd writes).
    struct DamagedData: Error {
        /// What is wrong.
        let reason: String
    }

    /// The connection to read from.
    let connection: SQLiteConnection

    /// Loads the store revision, every owner's revision and every place, each owner's list in position order.
    func load() throws -> StoreState {
        var state = StoreState()
        let meta = try connection.prepare("SELECT application, revision FROM meta WHERE singleton = 1")
        guard try meta.step(), meta.text(at: 0) == Schema.applicationMarker else {
            throw DamagedData(reason: "the meta table is missing its placesd row")
        }
        state.revision = meta.int64(at: 1)

        var revisions: [UserID: Int64] = [:]
        let owners = try connection.prepare("SELECT uid, revision FROM owners")
        while try owners.step() {
            revisions[try Self.owner(owners.int64(at: 0))] = owners.int64(at: 1)
        }

        let total = Int(try connection.integer("SELECT count(*) FROM places") ?? 0)
        var index = PlaceIndex.Builder(expectedCount: total)
        var lists = try loadPlaces(into: &index, nextRow: &state.nextRow)
        switch index.build() {
        case .success(let built): state.index = built
        case .failure(let duplicate): throw DamagedData(reason: "place id '\(duplicate.id)' occurs twice")
        }
        for owner in lists.keys.sorted() {
            let list = try lists.removeValue(forKey: owner)!.build(owner: owner)
            state.owners.append(owner)
            state.count += list.places.count
            state.lists[owner] = list
        }
        for (owner, revision) in revisions {
            state.lists[owner, default: OwnerList()].revision = revision
        }
        return state
    }

    /// Reads the places in rowid order (a plain table scan, in which each owner's places usually come in position
    /// order), grouped by owner; sets `nextRow` above the last rowid.
    private func loadPlaces(
        into index: inout PlaceIndex.Builder, nextRow: inout Int64
    ) throws -> [UserID: LoadingList] {
        let places = try connection.prepare(
            """
            SELECT id, owner, position, name, description, latitude, longitude, visited, version, created_at,
                updated_at, rowid
            FROM places
            """)
        var lists: [LoadingList] = []
        var listIndices: [UserID: Int] = [:]
        var owner: UserID?
        var list = 0
        while try places.step() {
            guard let id = places.placeID(at: 0) else {
                throw DamagedData(reason: "a place has an id that is not 16 bytes")
            }
            let rowOwner = try Self.owner(places.int64(at: 1))
            if rowOwner != owner {
                owner = rowOwner
                if let known = listIndices[rowOwner] {
                    list = known
                } else {
                    list = lists.count
                    listIndices[rowOwner] = list
                    lists.append(LoadingList())
                }
            }
            let position = places.int64(at: 2)
            let row = places.int64(at: 11)
            nextRow = max(nextRow, row + 1)
            index.add(id, at: PlaceLocation(owner: rowOwner, position: position))
            lists[list].append(
                Place(
                    id: id, owner: rowOwner, name: places.text(at: 3), description: places.text(at: 4),
                    coordinate: Coordinate(latitude: places.double(at: 5), longitude: places.double(at: 6)),
                    isVisited: places.int64(at: 7) != 0, version: places.int64(at: 8),
                    createdAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 9)),
                    updatedAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 10))),
                position: position, row: row)
        }
        return listIndices.reduce(into: [:]) { result, entry in result[entry.key] = lists[entry.value] }
    }

    private static func owner(_ value: Int64) throws -> UserID {
        guard let owner = UserID(exactly: value) else {
            throw DamagedData(reason: "owner \(value) is not a uid")
        }
        return owner
    }
}

/// An owner's places as they are read, in storage order.
private struct LoadingList {
    /// The places read so far.
    var builder = PlaceListBuilder()
    /// Whether the positions read so far strictly increase, as they do unless places were moved.
    var isInPositionOrder = true

    /// Adds a place read from the table.
    mutating func append(_ place: Place, position: Int64, row: Int64) {
        if let last = builder.lastPosition, last >= position {
            isInPositionOrder = false
        }
        builder.append(PlaceSlot(place: place, position: position, row: row))
    }

    /// The places in position order (rows usually arrive in it already); throws if two share a position.
    consuming func build(owner: UserID) throws -> OwnerList {
        let list = builder.build()
        guard !isInPositionOrder else { return OwnerList(places: list) }
        var slots: [PlaceSlot] = []
        slots.reserveCapacity(list.count)
        list.forEachLeaf { slots += $0 }
        slots.sort { $0.position < $1.position }
        var sorted = PlaceListBuilder()
        for offset in slots.indices {
            if offset > 0, slots[offset - 1].position == slots[offset].position {
                throw StateLoader.DamagedData(
                    reason: "two places of uid \(owner) share position \(slots[offset].position)")
            }
            sorted.append(slots[offset])
        }
        return OwnerList(places: sorted.build())
    }
}
