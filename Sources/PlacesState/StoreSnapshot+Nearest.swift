import PlacesModel

extension StoreSnapshot {
    /// The caller's places nearest to `coordinate`, nearest first, at most `limit`, within `radius` metres when
    /// given; ties broken by list order.
    ///
    /// Distances are `Coordinate.distance(to:)`. Searches the owner's spatial index, opening only the subtrees
    /// that could hold a nearer place than those found: about a dozen leaves for a small `limit`, whatever the
    /// number of places. The index's entries hold their places, so no result is looked up in the list.
    public func nearest(
        to coordinate: Coordinate, owner: UserID, radius: Double?, limit: Int
    ) -> [(place: Place, distance: Double)] {
        guard let list = state.lists[owner], limit > 0 else { return [] }
        // The snapshot holds the places while this runs; reading them unretained spares an atomic write to each
        // (a cache miss of its own in a large list).
        return list.spatial.nearest(to: coordinate, radius: radius, limit: limit).map { found in
            (found.stored._withUnsafeGuaranteedRef { $0.place }, found.distance)
        }
    }
}
