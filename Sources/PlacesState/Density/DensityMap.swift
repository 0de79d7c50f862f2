import PlacesModel

/// What `places.density` found: each cell's visited and unvisited places and its nearest places for labels; holds
/// the snapshot they were found in, which keeps the places alive.
public struct DensityMap: Sendable {
    /// One cell that holds at least one place.
    public struct Cell: Sendable, Hashable {
        /// The column, 0 the westernmost.
        public let column: Int
        /// The row, 0 the northernmost.
        public let row: Int
        /// The visited places in the cell.
        public let visited: Int
        /// The unvisited places in the cell.
        public let unvisited: Int
    }

    private let snapshot: StoreSnapshot
    /// The counts and each cell's nearest places, unretained.
    private let tally: DensityTally
    /// The owner's revision the places were counted at.
    public let revision: Int64
    /// The visited places in the grid's box.
    public let visited: Int
    /// The unvisited places in the grid's box.
    public let unvisited: Int

    init(snapshot: StoreSnapshot, tally: DensityTally, revision: Int64) {
        self.snapshot = snapshot
        self.tally = tally
        self.revision = revision
        var visited = 0
        var unvisited = 0
        for cell in 0..<tally.grid.cellCount {
            visited += tally.visited(cell)
            unvisited += tally.unvisited(cell)
        }
        self.visited = visited
        self.unvisited = unvisited
    }

    /// The grid.
    public var grid: DensityGrid { tally.grid }

    /// Calls `body` with each cell that holds a place, row by row from the north, west to east in a row, and the
    /// cell's nearest places.
    public func forEachCell(_ body: (Cell, Nearest) -> Void) {
        withExtendedLifetime(snapshot) {
            let columns = tally.grid.columns
            for cell in 0..<tally.grid.cellCount {
                let visited = tally.visited(cell)
                let unvisited = tally.unvisited(cell)
                guard visited + unvisited > 0 else { continue }
                let counts = Cell(column: cell % columns, row: cell / columns, visited: visited, unvisited: unvisited)
                body(counts, Nearest(candidates: tally.nearest(of: cell)))
            }
        }
    }

    /// A cell's places nearest to its centre, valid only inside the `forEachCell` call that hands it over.
    public struct Nearest {
        /// The places, nearest first, unretained, in the map's tally.
        let candidates: UnsafeBufferPointer<DensityTally.Candidate>

        /// Calls `body` with each place, nearest first.
        public func forEach(_ body: (Place) -> Void) {
            for candidate in candidates {
                guard let stored = candidate.stored else { continue }
                stored._withUnsafeGuaranteedRef { body($0.place) }
            }
        }
    }
}
