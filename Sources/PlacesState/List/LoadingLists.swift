import PlacesModel

/// Every owner's places as they are read, handing their coordinates to the spatial index build in chunks.
package struct LoadingLists {
    private var lists: [LoadingList] = []
    private var listIndices: [UserID: Int] = [:]
    private var owner: UserID?
    private var list = 0
    private let expectedCount: Int
    private let spatial: SpatialIndexBuild

    /// Collects up to `expectedCount` places, building spatial indexes with `spatial`.
    package init(expectedCount: Int, spatial: SpatialIndexBuild) {
        self.expectedCount = expectedCount
        self.spatial = spatial
    }

    /// Adds the next place read; its tags too unless `indexingTags` is false (see `appendTags(_:)`).
    package mutating func append(_ slot: PlaceSlot, indexingTags: Bool = true) {
        let rowOwner = slot.stored.place.owner
        if rowOwner != owner {
            select(rowOwner)
        }
        lists[list].append(slot, indexingTags: indexingTags)
        if lists[list].entries.count == SpatialIndexBuild.chunkSize {
            spatial.add(lists[list].takeEntries(), of: rowOwner)
        }
    }

    /// Makes `newOwner`'s list the current one, adding it if it is new.
    private mutating func select(_ newOwner: UserID) {
        owner = newOwner
        if let known = listIndices[newOwner] {
            list = known
        } else {
            list = lists.count
            listIndices[newOwner] = list
            lists.append(LoadingList(expectedCount: expectedCount))
        }
    }

    /// Records the tags of places added without them, indexed elsewhere by owner, after the tags recorded so far.
    package mutating func appendTags(_ tags: consuming [UserID: TagIndex.Loading]) {
        for (tagOwner, index) in tags {
            select(tagOwner)
            lists[list].tags.append(contentsOf: index)
        }
    }

    /// Adds places read, in order.
    package mutating func append(_ slots: [PlaceSlot]) {
        for slot in slots {
            append(slot)
        }
    }

    /// Hands the last entries to the spatial index build and returns each owner's places.
    package consuming func finish() -> [UserID: LoadingList] {
        for (owner, list) in listIndices where !lists[list].entries.isEmpty {
            spatial.add(lists[list].takeEntries(), of: owner)
        }
        return listIndices.reduce(into: [:]) { result, entry in result[entry.key] = lists[entry.value] }
    }
}

/// The tags of places read apart from the `LoadingLists` they go to (by another reader, beside it), by owner:
/// see `StateAssembly.add(_:taggedIn:)`.
package struct LoadingTags {
    private var owners: [UserID: TagIndex.Loading] = [:]
    /// The owner of the current run of places, whose tags are in `tags` rather than `owners`.
    private var owner: UserID?
    private var tags = TagIndex.Loading()

    /// No places' tags yet.
    package init() {}

    /// Records the tags of the next place read.
    package mutating func insert(_ slot: PlaceSlot) {
        let place = slot.stored.place
        if place.owner != owner {
            if let previous = owner { owners[previous] = tags }
            owner = place.owner
            tags = owners.removeValue(forKey: place.owner) ?? TagIndex.Loading()
        }
        tags.insert(place.tags, of: place.id)
    }

    /// Each owner's tags.
    package consuming func finish() -> [UserID: TagIndex.Loading] {
        if let previous = owner { owners[previous] = tags }
        return owners
    }
}
