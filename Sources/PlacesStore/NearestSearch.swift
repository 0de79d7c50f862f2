import PlacesModel

/// A best-first search of a `SpatialIndex` for the places nearest to a point: subtrees are opened in the order of
/// the least distance their box allows, until the nearest subtree left cannot beat the places already found.
///
/// Places are ranked by distance, then by list position (the earlier place wins a tie); a subtree is ranked by its
/// box's lower bound and its smallest position, which no place in it can beat.
struct NearestSearch {
    /// A place found: its distance and position.
    struct Candidate: Comparable {
        /// The distance in metres.
        var distance: Double
        /// The list position.
        var position: Int64

        /// Nearer first, then earlier in the list.
        static func < (lhs: Candidate, rhs: Candidate) -> Bool {
            (lhs.distance, lhs.position) < (rhs.distance, rhs.position)
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
        /// The subtree.
        var node: SpatialNode

        /// The better bound first.
        static func < (lhs: Pending, rhs: Pending) -> Bool {
            lhs.bound < rhs.bound
        }

        /// Whether both have the same bound (the nodes are not compared).
        static func == (lhs: Pending, rhs: Pending) -> Bool {
            lhs.bound == rhs.bound
        }
    }

    /// The point to measure from.
    let point: Coordinate
    /// The greatest distance a result may have.
    let radius: Double
    /// The most results.
    let limit: Int
    private var found = MinimumHeap<Worst>()
    private var frontier = MinimumHeap<Pending>()

    /// Prepares a search for the `limit` places nearest to `point` within `radius` metres (any distance if nil).
    init(point: Coordinate, radius: Double?, limit: Int) {
        self.point = point
        self.radius = radius ?? .infinity
        self.limit = max(limit, 0)
    }

    /// Searches the tree under `root`.
    mutating func run(from root: SpatialNode) {
        guard limit > 0 else { return }
        open(root)
        while let next = frontier.popMinimum() {
            if let worst = found.minimum, found.count == limit, worst.candidate < next.bound {
                break
            }
            open(next.node)
        }
    }

    /// The results, nearest first.
    func results() -> [(position: Int64, distance: Double)] {
        found.elements.map(\.candidate).sorted().map { ($0.position, $0.distance) }
    }

    private mutating func open(_ node: SpatialNode) {
        switch node {
        case .leaf(let entries):
            for entry in entries {
                let distance = point.distance(to: entry.coordinate)
                guard distance <= radius else { continue }
                offer(Candidate(distance: distance, position: entry.position))
            }
        case .branch(let children):
            for child in children {
                let bound = Candidate(distance: child.box.minimumDistance(from: point), position: child.minimumPosition)
                guard bound.distance <= radius else { continue }
                if let worst = found.minimum, found.count == limit, worst.candidate < bound {
                    continue
                }
                frontier.insert(Pending(bound: bound, node: child.node))
            }
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
