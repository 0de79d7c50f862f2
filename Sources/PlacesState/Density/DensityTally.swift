import PlacesModel

/// What `places.density` gathers cell by cell: the visited and unvisited places of each cell of a grid, and each
/// cell's `labels` places nearest to its centre.
///
/// Flat buffers indexed by `row * columns + column`, allocated once per request (the grid has at most
/// `DensityGrid.maximumCells` cells, and `labels` slots a cell at most as many in all), so that counting a place is
/// an add through a pointer: a walk over a million places does it hundreds of thousands of times, and an array's
/// uniqueness and bounds checks on each would cost more than the add.
///
/// `@unchecked Sendable`: a tally is filled by one thread, that of the request that made it or one of the threads
/// of a `ParallelDensityWalk` (each with a tally of its own, merged on the request's thread once they are done),
/// before the `DensityMap` holding it is handed to anything else; it is only read after that.
final class DensityTally: @unchecked Sendable {
    /// A place offered for a cell's labels (or the best a subtree could offer): its squared distance from the
    /// cell's centre in degrees, its list position, which breaks ties for the earlier place, and the place.
    struct Candidate: Comparable {
        /// The squared distance from the cell's centre (`DensityGrid.squaredDistance`).
        var distance: Double
        /// The list position.
        var position: Int64
        /// The place, unretained as its entry holds it; nil in a subtree's bound. Not compared.
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

    /// The grid.
    let grid: DensityGrid
    /// The most labels a cell keeps.
    let labels: Int
    /// Each cell's visited places, then its unvisited places: two counts a cell.
    private let counts: UnsafeMutablePointer<Int>
    /// Each cell's nearest places, nearest first, in `labels` slots a cell.
    private let slots: UnsafeMutablePointer<Candidate>
    /// How many of each cell's slots in `nearest` are taken.
    private let filled: UnsafeMutablePointer<Int>
    /// Each cell's furthest kept distance once its slots are all taken (infinity until then): a place further
    /// than that is turned away with one comparison.
    let furthest: UnsafeMutablePointer<Double>
    /// The centre of each column, in degrees east of the grid's west edge (`DensityGrid.centre`).
    let centreEastward: UnsafeMutablePointer<Double>
    /// The centre of each row, in degrees south of the grid's north edge.
    let centreSouthward: UnsafeMutablePointer<Double>

    /// An empty tally over `grid`, keeping `labels` places a cell.
    init(grid: DensityGrid, labels: Int) {
        self.grid = grid
        self.labels = labels
        let cells = grid.cellCount
        counts = .allocate(capacity: 2 * cells)
        counts.initialize(repeating: 0, count: 2 * cells)
        slots = .allocate(capacity: max(cells * labels, 1))
        slots.initialize(repeating: Candidate(distance: 0, position: 0, stored: nil), count: max(cells * labels, 1))
        filled = .allocate(capacity: cells)
        filled.initialize(repeating: 0, count: cells)
        furthest = .allocate(capacity: cells)
        furthest.initialize(repeating: .infinity, count: cells)
        centreEastward = .allocate(capacity: grid.columns)
        for column in 0..<grid.columns {
            (centreEastward + column).initialize(to: grid.centre(column: column, row: 0).eastward)
        }
        centreSouthward = .allocate(capacity: grid.rows)
        for row in 0..<grid.rows {
            (centreSouthward + row).initialize(to: grid.centre(column: 0, row: row).southward)
        }
    }

    deinit {
        counts.deallocate()
        slots.deallocate()
        filled.deallocate()
        furthest.deallocate()
        centreEastward.deallocate()
        centreSouthward.deallocate()
    }

    /// `cell`'s visited places.
    func visited(_ cell: Int) -> Int { counts[2 * cell] }

    /// `cell`'s unvisited places.
    func unvisited(_ cell: Int) -> Int { counts[2 * cell + 1] }

    /// Counts `visited` more visited places and `unvisited` more unvisited places in `cell`.
    @inline(__always)
    func add(_ cell: Int, visited: Int, unvisited: Int) {
        counts[2 * cell] += visited
        counts[2 * cell + 1] += unvisited
    }

    /// Counts one place in `cell`.
    @inline(__always)
    func add(_ cell: Int, isVisited: Bool) {
        counts[2 &* cell &+ (isVisited ? 0 : 1)] &+= 1
    }

    /// Whether `cell` holds `labels` places that all come before `bound`, so that nothing ranked at `bound` or
    /// after it can be one of them.
    func isBeaten(_ bound: Candidate, in cell: Int) -> Bool {
        filled[cell] == labels && slots[cell * labels + labels - 1] < bound
    }

    /// Keeps `candidate` among `cell`'s nearest if it beats the furthest of them, or a slot is free.
    @inline(__always)
    func offer(_ candidate: Candidate, to cell: Int) {
        guard candidate.distance <= furthest[cell] else { return }
        if labels == 1, filled[cell] == 1 {
            // One label a cell (the default), already taken: replaced in place, without a call.
            guard candidate < slots[cell] else { return }
            slots[cell] = candidate
            furthest[cell] = candidate.distance
        } else {
            keep(candidate, in: cell)
        }
    }

    private func keep(_ candidate: Candidate, in cell: Int) {
        let first = slots + cell * labels
        var slot = filled[cell]
        if slot == labels {
            guard candidate < first[labels - 1] else { return }
            slot -= 1
        } else {
            filled[cell] += 1
        }
        // Insertion into the cell's few slots, kept nearest first.
        while slot > 0, candidate < first[slot - 1] {
            first[slot] = first[slot - 1]
            slot -= 1
        }
        first[slot] = candidate
        if filled[cell] == labels { furthest[cell] = first[labels - 1].distance }
    }

    /// Adds `other`'s counts, over the same grid, and keeps each cell's nearest of both tallies' places.
    func merge(_ other: DensityTally) {
        precondition(other.grid.cellCount == grid.cellCount && other.labels == labels)
        for index in 0..<2 * grid.cellCount {
            counts[index] += other.counts[index]
        }
        guard labels > 0 else { return }
        for cell in 0..<grid.cellCount {
            for candidate in other.nearest(of: cell) {
                offer(candidate, to: cell)
            }
        }
    }

    /// `cell`'s nearest places, nearest first.
    func nearest(of cell: Int) -> UnsafeBufferPointer<Candidate> {
        guard labels > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: slots + cell * labels, count: filled[cell])
    }
}
