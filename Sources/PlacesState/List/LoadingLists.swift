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

    /// Adds the next place read.
    package mutating func append(_ slot: PlaceSlot) {
        let rowOwner = slot.stored.place.owner
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
        lists[list].append(slot)
        if lists[list].entries.count == SpatialIndexBuild.chunkSize {
            spatial.add(lists[list].takeEntries(), of: rowOwner)
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
