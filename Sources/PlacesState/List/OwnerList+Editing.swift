import PlacesModel

/// Changes that keep the list, the spatial index, the kept orders and the tag index in step.
extension OwnerList {
    /// Inserts `place`, stored in `row`, at `index` (in `0...count`); returns the position it got and the places
    /// renumbered to make room (see `makeRoom(at:)`).
    package mutating func insert(
        _ place: Place, row: Int64, at index: Int
    ) -> (position: Int64, renumbered: [PositionChange]) {
        orders.prepare(places: places, revision: revision)
        let (position, renumbered) = makeRoom(at: index)
        let slot = PlaceSlot(place: place, position: position, row: row)
        places.insert(slot, at: index)
        spatial.insert(slot.stored, position: position)
        orders.insert(slot.stored)
        tags.insert(place)
        return (position, renumbered)
    }

    /// Removes and returns the slot at `index`, which must be in `0..<count`.
    @discardableResult
    package mutating func remove(at index: Int) -> PlaceSlot {
        orders.prepare(places: places, revision: revision)
        let slot = places.remove(at: index)
        spatial.remove(slot.place.coordinate, position: slot.position)
        orders.remove(slot.stored)
        tags.remove(slot.place)
        return slot
    }

    /// Replaces the place at `index`, which must be in `0..<count`, keeping its position and row. The spatial
    /// entry is replaced even where the place did not move, since it holds the version.
    package mutating func replace(at index: Int, with place: Place) {
        orders.prepare(places: places, revision: revision)
        let slot = places.slot(at: index)
        let stored = StoredPlace(place)
        places.replace(at: index, with: stored)
        spatial.replace(slot.place.coordinate, position: slot.position, with: stored, position: slot.position)
        orders.replace(slot.stored, with: stored)
        tags.replace(slot.place, with: place)
    }
}
