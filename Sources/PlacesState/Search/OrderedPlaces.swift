import PlacesModel

/// Places in one order, from which `places.list` takes a page: the list itself, a kept order, or an order made
/// for one request (distance, or every user's places).
package protocol OrderedPlaces {
    /// The number of places.
    var count: Int { get }

    /// Calls `body` with the places at `ranks` in the order's direction (rank 0 is the last place when
    /// `descending`).
    func forEach(in ranks: Range<Int>, descending: Bool, _ body: (StoredPlace) -> Void)
}

/// The list in its own order (`sort: position`).
package struct PositionOrder: OrderedPlaces {
    /// The list.
    package let places: PlaceList

    /// The number of places.
    package var count: Int { places.count }

    /// Walks the leaves forwards; backwards, a leaf's worth at a time.
    package func forEach(in ranks: Range<Int>, descending: Bool, _ body: (StoredPlace) -> Void) {
        guard descending else { return places.forEachStored(in: ranks, body) }
        var upper = count - ranks.lowerBound
        let lowest = count - ranks.upperBound
        var chunk: [StoredPlace] = []
        while upper > lowest {
            let lower = max(lowest, upper - 64)
            chunk.removeAll(keepingCapacity: true)
            places.forEachStored(in: lower..<upper) { chunk.append($0) }
            chunk.reversed().forEach(body)
            upper = lower
        }
    }
}

extension OrderIndex: OrderedPlaces {
    /// Walks the tree from the first rank.
    package func forEach(in ranks: Range<Int>, descending: Bool, _ body: (StoredPlace) -> Void) {
        var remaining = ranks.count
        guard remaining > 0 else { return }
        forEach(from: ranks.lowerBound, descending: descending) { stored in
            body(stored)
            remaining -= 1
            return remaining > 0
        }
    }
}

/// Places sorted for one request: by distance from a point, ties by id.
package struct DistanceOrder: OrderedPlaces {
    /// The places, nearest first, with their distances.
    package let entries: [(stored: StoredPlace, distance: Double)]

    /// The places of `places` that pass `filter`, by distance from `origin`.
    package init(_ places: PlaceList, from origin: Coordinate, filter: PlaceFilter) {
        let start = DistanceOrigin(origin)
        var entries: [(stored: StoredPlace, distance: Double)] = []
        places.forEachStored(in: 0..<places.count) { stored in
            if filter.includes(stored) { entries.append((stored, start.distance(to: stored.place.coordinate))) }
        }
        entries.sort { ($0.distance, $0.stored.place.id) < ($1.distance, $1.stored.place.id) }
        self.entries = entries
    }

    /// The number of places.
    package var count: Int { entries.count }

    /// Walks the array.
    package func forEach(in ranks: Range<Int>, descending: Bool, _ body: (StoredPlace) -> Void) {
        for rank in ranks { body(entries[descending ? count - 1 - rank : rank].stored) }
    }

    /// How many places come before `stored` (at `distance`), and how many up to it.
    package func bounds(of stored: StoredPlace, at distance: Double) -> (before: Int, through: Int) {
        let key = (distance, stored.place.id)
        return (
            entries.partitioningIndex { ($0.distance, $0.stored.place.id) >= key },
            entries.partitioningIndex { ($0.distance, $0.stored.place.id) > key }
        )
    }
}
