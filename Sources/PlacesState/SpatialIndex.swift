import PlacesModel

/// One owner's places by where they are: a persistent R-tree over their Hilbert curve order, for nearest-place
/// searches that visit a few leaves instead of every place.
///
/// A change copies the path to one leaf (O(log n)), as the owner's list does, so a commit costs what it changes;
/// an entry is found by its coordinate and list position, which is why a move (a new position) or a new
/// coordinate replaces the place's entry.
package struct SpatialIndex: Sendable {
    /// The tree.
    private(set) var root = SpatialNode.empty
    /// The number of entries.
    private(set) var count = 0

    /// Creates an empty index.
    package init() {}

    /// An index of `entries`, in any order.
    package init(keyed entries: consuming [SpatialEntry]) {
        let sorted = CurveSort.sorted(entries)
        count = sorted.count
        root = SpatialNode.build(sorted: sorted)
    }

    /// Adds the place at `coordinate` stored at `position`.
    package mutating func insert(_ coordinate: Coordinate, position: Int64) {
        let entry = SpatialEntry(coordinate: coordinate, position: position)
        if let sibling = root.insert(entry) {
            root = .branch([SpatialChild(root), sibling])
        }
        count += 1
    }

    /// Removes the place at `coordinate` stored at `position`, which must be there.
    package mutating func remove(_ coordinate: Coordinate, position: Int64) {
        let removed = root.remove(SpatialEntry(coordinate: coordinate, position: position))
        precondition(removed, "SpatialIndex has no place at position \(position)")
        count -= 1
        while case .branch(let children) = root, children.count <= 1 {
            root = children.first?.node ?? .empty
        }
    }

    /// Replaces the entry of the place at `oldCoordinate` stored at `oldPosition` with one at `newCoordinate` and
    /// `position`.
    package mutating func replace(
        _ oldCoordinate: Coordinate, position oldPosition: Int64, with newCoordinate: Coordinate, position: Int64
    ) {
        remove(oldCoordinate, position: oldPosition)
        insert(newCoordinate, position: position)
    }

    /// The positions of the `limit` places nearest to `point` (within `radius` metres if given), nearest first,
    /// ties in position order, with their distances.
    package func nearest(to point: Coordinate, radius: Double?, limit: Int) -> [(position: Int64, distance: Double)] {
        var search = NearestSearch(point: point, radius: radius, limit: limit)
        search.run(from: root)
        return search.results()
    }
}
