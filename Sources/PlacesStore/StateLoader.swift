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
        var lists = try loadPlaces(into: &index)
        switch index.build() {
        case .success(let built): state.index = built
        case .failure(let duplicate): throw DamagedData(reason: "place id '\(duplicate.id)' occurs twice")
        }
        for owner in lists.keys.sorted() {
            try lists[owner]!.sortByPosition(owner: owner)
            state.owners.append(owner)
            state.count += lists[owner]!.places.count
        }
        for (owner, revision) in revisions {
            lists[owner, default: OwnerList()].revision = revision
        }
        state.lists = lists
        return state
    }

    /// Reads the places in storage order (a plain table scan, faster than walking the position index), grouped
    /// by owner.
    private func loadPlaces(into index: inout PlaceIndex.Builder) throws -> [UserID: OwnerList] {
        let places = try connection.prepare(
            """
            SELECT id, owner, position, name, description, latitude, longitude, visited, version, created_at,
                updated_at
            FROM places
            """)
        var lists: [OwnerList] = []
        var slots: [UserID: Int] = [:]
        var owner: UserID?
        var slot = 0
        while try places.step() {
            guard let id = places.placeID(at: 0) else {
                throw DamagedData(reason: "a place has an id that is not 16 bytes")
            }
            let rowOwner = try Self.owner(places.int64(at: 1))
            if rowOwner != owner {
                owner = rowOwner
                if let known = slots[rowOwner] {
                    slot = known
                } else {
                    slot = lists.count
                    slots[rowOwner] = slot
                    lists.append(OwnerList())
                }
            }
            let position = places.int64(at: 2)
            index.add(id, at: PlaceLocation(owner: rowOwner, position: position))
            lists[slot].places.append(
                Place(
                    id: id, owner: rowOwner, name: places.text(at: 3), description: places.text(at: 4),
                    coordinate: Coordinate(latitude: places.double(at: 5), longitude: places.double(at: 6)),
                    isVisited: places.int64(at: 7) != 0, version: places.int64(at: 8),
                    createdAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 9)),
                    updatedAt: Timestamp(millisecondsSinceEpoch: places.int64(at: 10))))
            lists[slot].positions.append(position)
        }
        return slots.reduce(into: [:]) { result, entry in result[entry.key] = lists[entry.value] }
    }

    private static func owner(_ value: Int64) throws -> UserID {
        guard let owner = UserID(exactly: value) else {
            throw DamagedData(reason: "owner \(value) is not a uid")
        }
        return owner
    }
}

extension OwnerList {
    /// Puts the places in position order (rows usually arrive in it already) and checks positions are unique.
    fileprivate mutating func sortByPosition(owner: UserID) throws {
        if !positions.indices.dropFirst().allSatisfy({ positions[$0 - 1] < positions[$0] }) {
            let order = positions.indices.sorted { positions[$0] < positions[$1] }
            places = order.map { places[$0] }
            positions = order.map { positions[$0] }
        }
        for offset in positions.indices.dropFirst() where positions[offset - 1] == positions[offset] {
            throw StateLoader.DamagedData(reason: "two places of uid \(owner) share position \(positions[offset])")
        }
    }
}
