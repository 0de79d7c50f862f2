import PlacesModel

/// A best-first search of a `SpatialIndex` for the places nearest to a point: subtrees are opened in the order of
/// the least distance their box allows, until the nearest subtree left cannot beat the places already found.
///
/// Places are ranked by distance, then by list position (the earlier place wins a tie); a subtree is ranked by its
/// box's lower bound and its smallest position, which no place in it can beat.
package struct NearestSearch {
    /// A place found (or the best a subtree could hold): its distance and position.
    struct Candidate: Comparable {
        /// The distance in metres.
        var distance: Double
        /// The list position.
        var position: Int64
        /// The place, unretained as its entry holds it (nil in a subtree's bound); not compared.
        var stored: Unmanaged<StoredPlace>?

        /// Nearer first, then earlier in the list.
        static func < (lhs: Candidate, rhs: Candidate) -> Bool {
            (lhs.distance, lhs.position) < (rhs.distance, rhs.position)
        }

        /// The same distance and position.
        static func == (lhs: Candidate, rhs: Candidate) -> Bool {
            (lhs.distance, lhs.position) == (rhs.distance, rhs.position)
        }
    }

    /// A candidate in a heap that keeps the worst one on top.
    private struct Worst: Comparable {
        /// The candidate.
        var candidate: Candidate

        /// Further (or later) first.
        static func < (lhs: Worst, rhs: Worst) -> Bool {
            rhs.candidate < lhs.candidate
        }
    }

    /// A subtree not yet opened, with the best rank any of its places could have.
    private struct Pending: Comparable {
        /// The best rank of a place in the subtree.
        var bound: Candidate
        /// The subtree: a child where its parent's storage holds it. The searched tree is immutable and the caller
        /// keeps it alive for the whole search, so the address stays valid; holding it instead of the node spares
        /// a retain and a release of every child considered — atomic writes to nodes that other threads' searches
        /// read too.
        var child: UnsafePointer<SpatialChild>

        /// The better bound first.
        static func < (lhs: Pending, rhs: Pending) -> Bool {
            lhs.bound < rhs.bound
        }

        /// Whether both have the same bound (the nodes are not compared).
        static func == (lhs: Pending, rhs: Pending) -> Bool {
            lhs.bound == rhs.bound
        }
    }

    /// The point to measure from, with its latitude's trigonometry done once.
    package let origin: DistanceOrigin
    /// The greatest distance a result may have.
    package let radius: Double
    /// The most results.
    package let limit: Int
    /// The filters a result must pass; checked only for a place that would be a result, after its distance.
    package let filter: PlaceFilter?
    private var found = MinimumHeap<Worst>()
    private var frontier = MinimumHeap<Pending>()

    /// Prepares a search for the `limit` places nearest to `point` within `radius` metres (any distance if nil).
    package init(point: Coordinate, radius: Double?, limit: Int, filter: PlaceFilter? = nil) {
        self.origin = DistanceOrigin(point)
        self.radius = radius ?? .infinity
        self.limit = max(limit, 0)
        self.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Searches the tree under `root`, which the caller keeps alive until the search returns.
    ///
    /// First the leaf where the point falls on the tree's curve is scanned, which usually finds `limit` places
    /// close by; from then on most boxes and places are ruled out by `GeoBox.quickLowerBound(from:)` before any
    /// trigonometry. Then the best-first search runs from the root, skipping that leaf.
    package mutating func run(from root: SpatialNode) {
        guard limit > 0 else { return }
        let seeded = seed(root, key: HilbertCurve.index(of: origin.coordinate))
        open(root, skipping: seeded)
        while let next = frontier.popMinimum() {
            if isBeaten(next.bound) { break }
            open(next.child.pointee.node, skipping: seeded)
        }
    }

    /// The results, nearest first, each place unretained: valid while the searched tree is.
    package func results() -> [SpatialIndex.Found] {
        found.elements.map(\.candidate).sorted().map { candidate in
            guard let stored = candidate.stored else { preconditionFailure("a spatial entry without its place") }
            return (stored, candidate.position, candidate.distance)
        }
    }

    /// Whether `limit` places were found and the worst of them ranks before `bound`.
    private func isBeaten(_ bound: Candidate) -> Bool {
        if let worst = found.minimum, found.count == limit, worst.candidate < bound { return true }
        return false
    }

    /// Whether nothing in `box` can be a result: the cheap bound alone puts it beyond the radius or, once
    /// `limit` places were found, beyond the worst of them (strictly, so that ties still go to list order).
    private func isRuledOutCheaply(_ box: GeoBox) -> Bool {
        let bound = box.quickLowerBound(from: origin) - GeoBox.roundingMargin
        if bound > radius { return true }
        if let worst = found.minimum, found.count == limit, bound > worst.candidate.distance { return true }
        return false
    }

    /// Scans the leaf whose curve range holds `key` and returns where its entries are, to be skipped later.
    private mutating func seed(_ node: borrowing SpatialNode, key: UInt64) -> UnsafeRawPointer? {
        switch node {
        case .leaf(let entries):
            return entries.withUnsafeBufferPointer { entries in
                scan(entries)
                return UnsafeRawPointer(entries.baseAddress)
            }
        case .branch(let children):
            return children.withUnsafeBufferPointer { children -> UnsafeRawPointer? in
                // The last child starting at or before `key` on the curve (the first if none does).
                let next = max(children.partitioningIndex { $0.first.key > key } - 1, 0)
                guard let first = children.baseAddress, next < children.count else { return nil }
                return seed((first + next).pointee.node, key: key)
            }
        }
    }

    private mutating func open(_ node: borrowing SpatialNode, skipping seeded: UnsafeRawPointer?) {
        switch node {
        case .leaf(let entries):
            entries.withUnsafeBufferPointer { entries in
                guard UnsafeRawPointer(entries.baseAddress) != seeded else { return }
                scan(entries)
            }
        case .branch(let children):
            children.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for index in 0..<children.count {
                    let child = first + index
                    guard !isRuledOutCheaply(child.pointee.box) else { continue }
                    let bound = Candidate(
                        distance: child.pointee.box.minimumDistance(from: origin),
                        position: child.pointee.minimumPosition, stored: nil)
                    guard bound.distance <= radius, !isBeaten(bound) else { continue }
                    frontier.insert(Pending(bound: bound, child: child))
                }
            }
        }
    }

    /// Offers every place of a leaf.
    private mutating func scan(_ entries: UnsafeBufferPointer<SpatialEntry>) {
        for entry in entries {
            guard !isRuledOutCheaply(GeoBox(entry)) else { continue }
            let distance = origin.distance(to: entry.coordinate)
            guard distance <= radius else { continue }
            let candidate = Candidate(distance: distance, position: entry.position, stored: entry.unmanagedStored)
            if let filter {
                if let worst = found.minimum, found.count == limit, !(candidate < worst.candidate) { continue }
                guard let stored = candidate.stored, stored._withUnsafeGuaranteedRef(filter.includes) else { continue }
            }
            offer(candidate)
        }
    }

    private mutating func offer(_ candidate: Candidate) {
        if found.count < limit {
            found.insert(Worst(candidate: candidate))
        } else if let worst = found.minimum, candidate < worst.candidate {
            found.replaceMinimum(with: Worst(candidate: candidate))
        }
    }
}
