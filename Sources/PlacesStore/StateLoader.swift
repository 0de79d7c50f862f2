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
        let spatial = SpatialIndexBuild()
        var lists = try loadPlaces(
            into: &index, spatial: spatial, expectedCount: total, nextRow: &state.nextRow)
        spatial.finish()
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
        for (owner, built) in spatial.wait() {
            state.lists[owner]?.spatial = built
        }
        for (owner, revision) in revisions {
            state.lists[owner, default: OwnerList()].revision = revision
        }
        return state
    }

    /// Reads the places in rowid order (a plain table scan, in which each owner's places usually come in position
    /// order), grouped by owner, handing their coordinates to `spatial`; sets `nextRow` above the last rowid.
    private func loadPlaces(
        into index: inout PlaceIndex.Builder, spatial: SpatialIndexBuild, expectedCount: Int, nextRow: inout Int64
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
                    lists.append(LoadingList(expectedCount: expectedCount))
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
            if lists[list].entries.count == SpatialIndexBuild.chunkSize {
                spatial.add(lists[list].takeEntries(), of: rowOwner)
            }
        }
        for (owner, list) in listIndices where !lists[list].entries.isEmpty {
            spatial.add(lists[list].takeEntries(), of: owner)
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
    /// The places read so far, while they come in position order.
    var builder = PlaceListBuilder()
    /// The places read so far, once one came out of position order (after moves); nil until then.
    var unordered: [PlaceSlot]?
    /// The entries for the owner's spatial index not handed over yet.
    var entries: [SpatialEntry] = []
    /// The most places the owner may turn out to have: the number of rows.
    let expectedCount: Int

    /// Adds a place read from the table.
    mutating func append(_ place: Place, position: Int64, row: Int64) {
        let slot = PlaceSlot(place: place, position: position, row: row)
        entries.append(SpatialEntry(unkeyed: place.coordinate, position: position))
        if unordered != nil {
            unordered!.append(slot)
        } else if let last = builder.lastPosition, last >= position {
            var slots: [PlaceSlot] = []
            // Pages of the reservation are only touched as slots arrive: reserving all the rows costs nothing
            // beyond them, and growing a large array would copy it again and again.
            slots.reserveCapacity(expectedCount)
            let list = builder.build()
            builder = PlaceListBuilder()
            list.forEachLeaf { slots += $0 }
            slots.append(slot)
            unordered = slots
        } else {
            builder.append(slot)
        }
    }

    /// The entries collected since the last call, for the owner's spatial index, which another thread builds.
    mutating func takeEntries() -> [SpatialEntry] {
        defer { entries = [] }
        return entries
    }

    /// The places in position order (rows usually arrive in it already); throws if two share a position or one
    /// is outside the positions placesd uses.
    consuming func build(owner: UserID) throws -> OwnerList {
        if let slots = unordered {
            unordered = nil
            // Sorting small (position, offset) pairs instead of the slots: only the moved places are out of
            // order, so the sort mostly finds long runs and merges them.
            var order = slots.indices.map { (position: slots[$0].position, offset: Int32(truncatingIfNeeded: $0)) }
            order.sort { $0.position < $1.position }
            for (previous, next) in zip(order, order.dropFirst()) where previous.position == next.position {
                throw StateLoader.DamagedData(reason: "two places of uid \(owner) share position \(next.position)")
            }
            for entry in order {
                builder.append(slots[Int(entry.offset)])
            }
        }
        let list = builder.build()
        if let last = list.lastPosition, list.slot(at: 0).position < 0 || last >= ListPositions.universe {
            throw StateLoader.DamagedData(reason: "a place of uid \(owner) has a position out of range")
        }
        return OwnerList(places: list)
    }
}
