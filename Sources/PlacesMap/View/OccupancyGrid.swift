/// Which cells of a grid hold a marker or a label.
struct OccupancyGrid {
    /// The grid's width.
    let columns: Int
    /// The grid's height.
    let rows: Int
    /// Row-major: whether each cell is taken.
    private var taken: [Bool]

    /// An empty grid.
    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        taken = Array(repeating: false, count: columns * rows)
    }

    /// Whether `columns` of `row` are inside the grid and free, and so are the cells either side of them that
    /// are inside it.
    func isFree(row: Int, columns span: Range<Int>) -> Bool {
        guard row >= 0, row < rows, span.lowerBound >= 0, span.upperBound <= columns else { return false }
        let padded = max(0, span.lowerBound - 1)..<min(columns, span.upperBound + 1)
        return padded.allSatisfy { !taken[row * columns + $0] }
    }

    /// Takes `columns` of `row`, as far as they are inside the grid.
    mutating func occupy(row: Int, columns span: Range<Int>) {
        guard row >= 0, row < rows else { return }
        for column in span where column >= 0 && column < columns { taken[row * columns + column] = true }
    }
}
