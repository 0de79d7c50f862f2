import PlacesModel

extension StoreSnapshot {
    /// The caller's places nearest to `coordinate`, nearest first, at most `limit`, within `radius` metres when
    /// given; ties broken by list order.
    ///
    /// Distances are `Coordinate.distance(to:)`. Searches the owner's spatial index, opening only the subtrees
    /// that could hold a nearer place than those found: about a dozen leaves for a small `limit`, whatever the
    /// number of places.
    public func nearest(
        to coordinate: Coordinate, owner: UserID, radius: Double?, limit: Int
    ) -> [(place: Place, distance: Double)] {
        guard let list = state.lists[owner], limit > 0 else { return [] }
        return list.spatial.nearest(to: coordinate, radius: radius, limit: limit).map { found in
            guard let place = list.places.place(atPosition: found.position) else {
                preconditionFailure("the spatial index has a position the list has not: \(found.position)")
            }
            return (place, found.distance)
        }
    }
}
