import PlacesModel

/// What `places.density` gathers cell by cell: the visited and unvisited places of each cell of a grid, and each
/// cell's `labels` places nearest to its centre.
///
/// Flat arrays indexed by `row * columns + column`, allocated once per request (the grid has at most
/// `DensityGrid.maximumCells` cells, and `labels` slots a cell at most as many in all): adding to a cell is an index.
struct DensityTally {
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
    /// Each cell's visited places.
    private(set) var visited: [Int]
    /// Each cell's unvisited places.
    private(set) var unvisited: [Int]
    /// Each cell's nearest places, nearest first, in `labels` slots a cell.
    private(set) var nearest: [Candidate]
    /// How many of each cell's slots in `nearest` are taken.
    private(set) var filled: [Int]

    /// An empty tally over `grid`, keeping `labels` places a cell.
    init(grid: DensityGrid, labels: Int) {
        self.grid = grid
        self.labels = labels
        visited = Array(repeating: 0, count: grid.cellCount)
        unvisited = Array(repeating: 0, count: grid.cellCount)
        nearest = Array(
            repeating: Candidate(distance: 0, position: 0, stored: nil), count: grid.cellCount * labels)
        filled = Array(repeating: 0, count: labels > 0 ? grid.cellCount : 0)
    }

    /// Counts `visited` and `unvisited` more places in `cell`.
    mutating func add(_ cell: Int, visited: Int, unvisited: Int) {
        self.visited[cell] += visited
        self.unvisited[cell] += unvisited
    }

    /// Whether `cell` holds `labels` places that all come before `bound`, so that nothing ranked at `bound` or
    /// after it can be one of them.
    func isBeaten(_ bound: Candidate, in cell: Int) -> Bool {
        filled[cell] == labels && nearest[cell * labels + labels - 1] < bound
    }

    /// Keeps `candidate` among `cell`'s nearest if it beats the furthest of them, or a slot is free.
    mutating func offer(_ candidate: Candidate, to cell: Int) {
        let first = cell * labels
        var slot = filled[cell]
        if slot == labels {
            guard candidate < nearest[first + labels - 1] else { return }
            slot -= 1
        } else {
            filled[cell] += 1
        }
        // Insertion into the cell's few slots, kept nearest first.
        while slot > 0, candidate < nearest[first + slot - 1] {
            nearest[first + slot] = nearest[first + slot - 1]
            slot -= 1
        }
        nearest[first + slot] = candidate
    }

    /// `cell`'s nearest places, nearest first.
    func nearest(of cell: Int) -> ArraySlice<Candidate> {
        guard labels > 0 else { return [] }
        return nearest[cell * labels..<cell * labels + filled[cell]]
    }
}
