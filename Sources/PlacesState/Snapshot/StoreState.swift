import PlacesModel

/// Everything the store holds as of one store revision; snapshots share it, the writer builds the next one on the side.
///
/// Every part is a persistent value: the next state shares all but the chunks, index leaves and owner entries a
/// batch changed with the previous one.
package struct StoreState: Sendable {
    /// The store-wide revision: committed changes of all owners.
    package var revision: Int64 = 0
    /// Every owner with a revision, including owners whose list is now empty.
    package var lists: [UserID: OwnerList] = [:]
    /// Every place's owner and position.
    package var index = PlaceIndex()
    /// The number of places of all owners.
    package var count = 0
    /// The owners that have at least one place, ascending.
    package var owners: [UserID] = []
    /// The rowid the next added place gets: above every row the table has.
    package var nextRow: Int64 = 1

    /// The state of an empty store.
    package init() {}

    /// The place with `id`, of any owner.
    package func place(_ id: PlaceID) -> Place? {
        guard let location = index[id] else { return nil }
        return lists[location.owner]?.places.place(atPosition: location.position)
    }

    /// Records that `owner` now has places (or none), keeping `owners` sorted.
    package mutating func updateOwnership(of owner: UserID, hasPlaces: Bool) {
        let slot = owners.partitioningIndex { $0 >= owner }
        let isListed = slot < owners.count && owners[slot] == owner
        if hasPlaces, !isListed {
            owners.insert(owner, at: slot)
        } else if !hasPlaces, isListed {
            owners.remove(at: slot)
        }
    }
}

extension StoreState {
    /// The slot of the place with `id`, of any owner: the place, its position and its row.
    package func slot(of id: PlaceID) -> PlaceSlot? {
        guard let location = index[id], let list = lists[location.owner],
            let offset = list.index(ofPosition: location.position)
        else { return nil }
        return list.places.slot(at: offset)
    }
}
