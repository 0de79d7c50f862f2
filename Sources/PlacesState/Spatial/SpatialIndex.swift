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

    /// Adds `stored`, stored at `position`.
    package mutating func insert(_ stored: StoredPlace, position: Int64) {
        let entry = SpatialEntry(coordinate: stored.place.coordinate, position: position, stored: stored)
        if let sibling = root.insert(entry) {
            root = .branch([SpatialChild(root), sibling])
        }
        count += 1
    }

    /// Removes the place at `coordinate` stored at `position`, which must be there.
    package mutating func remove(_ coordinate: Coordinate, position: Int64) {
        let removed = root.remove(SpatialEntry(coordinate: coordinate, position: position, stored: nil))
        precondition(removed, "SpatialIndex has no place at position \(position)")
        count -= 1
        while case .branch(let children) = root, children.count <= 1 {
            root = children.first?.node ?? .empty
        }
    }

    /// Replaces the entry of the place at `oldCoordinate` stored at `oldPosition` with one of `stored` (the same
    /// version or a new one) at `position`.
    package mutating func replace(
        _ oldCoordinate: Coordinate, position oldPosition: Int64, with stored: StoredPlace, position: Int64
    ) {
        remove(oldCoordinate, position: oldPosition)
        insert(stored, position: position)
    }

    /// Gives each place of `moves` its new position: a renumbering, whose new positions may be old positions of
    /// other places in it. Removes every old entry before inserting a new one, since an entry is found by its
    /// curve index and position, which two places at one coordinate would share for a moment otherwise.
    package mutating func reposition(_ moves: [(stored: StoredPlace, from: Int64, to: Int64)]) {
        for move in moves {
            remove(move.stored.place.coordinate, position: move.from)
        }
        for move in moves {
            insert(move.stored, position: move.to)
        }
    }

    /// A place a nearest search found, unretained (valid while the searched state is), with its position in its
    /// list and its distance in metres.
    package typealias Found = (stored: Unmanaged<StoredPlace>, position: Int64, distance: Double)

    /// The `limit` places nearest to `point` (within `radius` metres if given), nearest first, ties in position
    /// order, with their positions and distances; each place unretained, valid while this index's state is.
    package func nearest(to point: Coordinate, radius: Double?, limit: Int, filter: PlaceFilter? = nil) -> [Found] {
        var search = NearestSearch(point: point, radius: radius, limit: limit, filter: filter)
        search.run(from: root)
        return search.results()
    }
}
