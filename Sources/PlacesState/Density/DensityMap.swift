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

    /// About how many bytes of JSON the cells and their labels take (names counted at a typical length).
    public var estimatedJSONBytes: Int { estimatedJSONBytes(in: 0..<tally.grid.cellCount) }

    /// About how many bytes of JSON the cells in `cells` (indexed `row * columns + column`) and their labels take.
    public func estimatedJSONBytes(in cells: Range<Int>) -> Int {
        var bytes = 0
        for cell in cells where tally.visited(cell) + tally.unvisited(cell) > 0 {
            bytes += Self.cellJSONBytes + tally.nearest(of: cell).count * Self.labelJSONBytes
        }
        return bytes
    }

    /// The fewest cells holding a place for which `writingParts` splits the cells: below that, writing them takes
    /// less than waking another thread costs.
    static let minimumCellsToSplit = 1024

    /// The grid's cells (indexed `row * columns + column`) cut into consecutive runs, each holding about as many
    /// cells with places as the others, that a reply can be written in on as many threads at once, each run with
    /// `forEachCell(in:_:)`: one run a thread `ParallelDensityWalk` would use, or one run in all when few cells
    /// hold places.
    public var writingParts: [Range<Int>] {
        let cellCount = tally.grid.cellCount
        var occupied = 0
        for cell in 0..<cellCount where tally.visited(cell) + tally.unvisited(cell) > 0 { occupied += 1 }
        let parts = ParallelDensityWalk.threads
        guard parts > 1, occupied >= Self.minimumCellsToSplit else { return [0..<cellCount] }
        var runs: [Range<Int>] = []
        var start = 0
        var seen = 0
        for cell in 0..<cellCount where tally.visited(cell) + tally.unvisited(cell) > 0 {
            seen += 1
            if runs.count < parts - 1, seen * parts >= occupied * (runs.count + 1) {
                runs.append(start..<cell + 1)
                start = cell + 1
            }
        }
        runs.append(start..<cellCount)
        return runs
    }

    /// About how many bytes of JSON a cell takes besides its labels: its keys, counts and punctuation.
    private static let cellJSONBytes = 96
    /// About how many bytes of JSON a label takes: its keys, id, coordinate, flag and a typical name.
    private static let labelJSONBytes = 176

    /// The grid.
    public var grid: DensityGrid { tally.grid }

    /// Calls `body` with each cell that holds a place, row by row from the north, west to east in a row, and the
    /// cell's nearest places.
    public func forEachCell(_ body: (Cell, Nearest) -> Void) {
        forEachCell(in: 0..<tally.grid.cellCount, body)
    }

    /// Calls `body` as `forEachCell(_:)` does, with the cells in `cells` only (indexed `row * columns + column`);
    /// calls on different threads at once may overlap.
    public func forEachCell(in cells: Range<Int>, _ body: (Cell, Nearest) -> Void) {
        withExtendedLifetime(snapshot) {
            // Every label read first, in a loop whose reads do not wait for each other: in a large store the places
            // are out of the cache, and this fetches them together rather than one by one as they are written (a
            // world map's thousands of labels each waited for its own miss).
            var labels: [Label] = []
            var count = 0
            for cell in cells { count += tally.nearest(of: cell).count }
            labels.reserveCapacity(count)
            for cell in cells {
                for candidate in tally.nearest(of: cell) {
                    guard let stored = candidate.stored else { continue }
                    // Only the fields a label shows: a copy of the whole place would read all of it.
                    labels.append(
                        stored._withUnsafeGuaranteedRef {
                            Label(
                                id: $0.place.id, name: $0.place.name, coordinate: $0.place.coordinate,
                                isVisited: $0.place.isVisited)
                        })
                }
            }
            labels.withUnsafeBufferPointer { labels in
                let columns = tally.grid.columns
                var next = 0
                for cell in cells {
                    let first = next
                    for candidate in tally.nearest(of: cell) where candidate.stored != nil { next += 1 }
                    let visited = tally.visited(cell)
                    let unvisited = tally.unvisited(cell)
                    guard visited + unvisited > 0 else { continue }
                    let counts = Cell(
                        column: cell % columns, row: cell / columns, visited: visited, unvisited: unvisited)
                    body(counts, Nearest(labels: UnsafeBufferPointer(rebasing: labels[first..<next])))
                }
            }
        }
    }

    /// What a cell's label shows of one of its places.
    public struct Label: Sendable {
        /// The place's id.
        public let id: PlaceID
        /// Its name.
        public let name: String
        /// Where it is.
        public let coordinate: Coordinate
        /// Whether it is visited.
        public let isVisited: Bool
    }

    /// A cell's places nearest to its centre, valid only inside the `forEachCell` call that hands it over.
    public struct Nearest {
        /// The places' labels, nearest first, in `forEachCell`'s buffer.
        let labels: UnsafeBufferPointer<Label>

        /// Calls `body` with each place's label, nearest first.
        public func forEach(_ body: (Label) -> Void) {
            for label in labels { body(label) }
        }
    }
}
