/// A grid of terminal cells, each a block of dots that can be set: 2 × 4 for braille, 1 × 2 for half blocks,
/// 1 × 1 for ASCII. Lines are drawn on the dots; each cell then becomes one character.
struct DotCanvas {
    /// The characters the dots become.
    let glyphs: MapStyle.Glyphs
    /// The width in cells.
    let columns: Int
    /// The height in cells.
    let rows: Int
    /// A cell's dots, as braille's dot bits (for half blocks, 1 is the upper dot and 2 the lower).
    private(set) var cells: [UInt8]

    /// An empty canvas.
    init(glyphs: MapStyle.Glyphs, columns: Int, rows: Int) {
        self.glyphs = glyphs
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// The dots across a cell.
    var dotsPerColumn: Int { glyphs == .braille ? 2 : 1 }
    /// The dots down a cell.
    var dotsPerRow: Int {
        switch glyphs {
        case .braille: 4
        case .blocks: 2
        case .ascii: 1
        }
    }
    /// The width in dots.
    var width: Int { columns * dotsPerColumn }
    /// The height in dots.
    var height: Int { rows * dotsPerRow }

    /// The bit of braille's dot at (`x`, `y`) within a cell: dots 1–3 down the left, 4–6 down the right, then 7
    /// and 8 under them (U+2800 plus the bits).
    private static let brailleBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at (`x`, `y`), from the top left; dots outside are ignored.
    mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y / dotsPerRow) * columns + x / dotsPerColumn
        switch glyphs {
        case .braille: cells[index] |= Self.brailleBits[x % 2][y % 4]
        case .blocks: cells[index] |= y % 2 == 0 ? 1 : 2
        case .ascii: cells[index] = 1
        }
    }

    /// Whether any dot of a cell is set.
    func isInked(column: Int, row: Int) -> Bool { cells[row * columns + column] != 0 }

    /// The character of a cell: a space when no dot is set.
    func character(column: Int, row: Int) -> Character {
        let bits = cells[row * columns + column]
        guard bits != 0 else { return " " }
        switch glyphs {
        case .braille: return Character(Unicode.Scalar(0x2800 + UInt32(bits))!)
        case .blocks: return bits == 1 ? "▀" : bits == 2 ? "▄" : "█"
        case .ascii: return "."
        }
    }

    /// Draws the straight line between two points given in dots (fractions allowed), the part outside the
    /// canvas cut off, with Bresenham's algorithm on the dots the ends fall in.
    mutating func drawLine(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) {
        guard
            let clipped = LineClipper.clip(
                start, end, width: Double(width), height: Double(height))
        else { return }
        var x0 = dot(clipped.0.x, limit: width)
        var y0 = dot(clipped.0.y, limit: height)
        let x1 = dot(clipped.1.x, limit: width)
        let y1 = dot(clipped.1.y, limit: height)
        let dx = abs(x1 - x0)
        let dy = -abs(y1 - y0)
        let stepX = x0 < x1 ? 1 : -1
        let stepY = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x0, y: y0)
            if x0 == x1 && y0 == y1 { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x0 += stepX
            }
            if doubled <= dx {
                error += dx
                y0 += stepY
            }
        }
    }

    /// The dot a coordinate in dots falls in; the far edge falls in the last dot.
    private func dot(_ value: Double, limit: Int) -> Int {
        min(limit - 1, max(0, Int(value.rounded(.down))))
    }
}
