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
        var places: [(place: Place, distance: Double)] = []
        nearestPlaces(to: coordinate, owner: owner, radius: radius, limit: limit).forEach { place, distance in
            places.append((place, distance))
        }
        return places
    }

    /// What `nearest` finds, without copying the places out of the store: for writing them at once.
    public func nearestPlaces(to coordinate: Coordinate, owner: UserID, radius: Double?, limit: Int) -> NearestPlaces {
        nearestPlaces(to: coordinate, owner: owner, radius: radius, limit: limit, filter: nil)
    }

    /// The `limit` nearest places that pass `filter`, then put in `sort`'s order (nearest first for distance, ties
    /// by list order; ties by id for the other keys) running `direction`.
    package func nearestPlaces(
        to coordinate: Coordinate, owner: UserID, radius: Double?, limit: Int, filter: PlaceFilter?,
        sort: PlaceSort = .distance, direction: SortDirection = .ascending
    ) -> NearestPlaces {
        guard let list = state.lists[owner], limit > 0 else { return NearestPlaces(snapshot: self, found: []) }
        var found = list.spatial.nearest(to: coordinate, radius: radius, limit: limit, filter: filter)
        switch sort {
        case .distance: break
        case .position: found.sort { $0.position < $1.position }
        case .name, .createdAt, .updatedAt, .visitedAt:
            guard let key = PlaceOrderKey(sort) else { break }
            found.sort {
                key.precedes(
                    key.entry(for: $0.stored.takeUnretainedValue()), key.entry(for: $1.stored.takeUnretainedValue()))
            }
        }
        if direction.isDescending { found.reverse() }
        return NearestPlaces(snapshot: self, found: found)
    }
}

/// The places a `places.near` search found, nearest first, with their distances in metres; holds the snapshot
/// they were found in, which keeps them alive.
///
/// The places are reached unretained: a copy of each would retain its name and description, an atomic write to
/// memory that, in a large store, is out of the cache.
public struct NearestPlaces: Sendable {
    private let snapshot: StoreSnapshot
    /// What the spatial index found: each place unretained, with its position and distance.
    private let found: [SpatialIndex.Found]
    /// About how many bytes of JSON the places take.
    public let estimatedJSONBytes: Int

    init(snapshot: StoreSnapshot, found: [SpatialIndex.Found]) {
        self.snapshot = snapshot
        self.found = found
        // Reads each place once, in a loop whose reads do not wait for each other: in a large store the places
        // are out of the cache, and this fetches them together rather than one by one as they are written.
        var bytes = 0
        for found in found {
            bytes += found.stored._withUnsafeGuaranteedRef { stored in
                stored.place.name.utf8.count + stored.place.description.utf8.count + 256
            }
        }
        estimatedJSONBytes = bytes
    }

    /// Calls `body` with each place, nearest first, and its distance.
    public func forEach(_ body: (Place, Double) -> Void) {
        withExtendedLifetime(snapshot) {
            for found in found {
                found.stored._withUnsafeGuaranteedRef { body($0.place, found.distance) }
            }
        }
    }
}
