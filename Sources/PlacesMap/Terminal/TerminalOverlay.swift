/// What is drawn over a terminal map's land: markers and labels, cell by cell.
struct TerminalOverlay {
    /// What a cell shows instead of its land.
    enum Content {
        /// A character (with its colour).
        case glyph(MarkerGlyph)
        /// The second cell of a wide character drawn in the cell before.
        case covered
    }

    /// The grid's width.
    let columns: Int
    /// The grid's height.
    let rows: Int
    /// Row-major, nil where the land shows.
    private var contents: [Content?]

    /// An empty overlay.
    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        contents = Array(repeating: nil, count: columns * rows)
    }

    /// What a cell shows instead of its land, or nil.
    subscript(column: Int, row: Int) -> Content? { contents[row * columns + column] }

    /// Puts a glyph in a cell; one outside the grid is ignored.
    mutating func put(_ glyph: MarkerGlyph, at position: MapCellPosition) {
        guard (0..<columns).contains(position.column), (0..<rows).contains(position.row) else { return }
        contents[position.row * columns + position.column] = .glyph(glyph)
    }

    /// Shows blanks instead of land in those `columns` of `row` that are inside the grid and show nothing else.
    mutating func clear(row: Int, columns cleared: [Int]) {
        for column in cleared where (0..<columns).contains(column) && (0..<rows).contains(row) {
            if contents[row * columns + column] == nil {
                contents[row * columns + column] = .glyph(MarkerGlyph(text: " ", colour: nil))
            }
        }
    }

    /// Writes text from a cell rightwards, a wide character taking two cells; what passes the edge is cut.
    mutating func write(_ text: String, row: Int, column: Int) {
        var column = column
        for character in text {
            let width = TerminalText.width(of: String(character))
            guard column + max(width, 1) <= columns else { return }
            put(MarkerGlyph(text: String(character), colour: nil), at: MapCellPosition(column: column, row: row))
            if width == 2 { contents[row * columns + column + 1] = .covered }
            column += max(width, 1)
        }
    }
}
