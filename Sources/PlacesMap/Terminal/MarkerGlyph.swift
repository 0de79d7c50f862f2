/// A character drawn over the land, with the colour it takes when the map is coloured.
struct MarkerGlyph {
    /// An ANSI SGR colour.
    enum Colour: String {
        /// Places not visited.
        case red = "1;31"
        /// Visited places.
        case green = "1;32"
        /// A count of both.
        case yellow = "1;33"
    }

    /// The character.
    let text: String
    /// Its colour, or nil for the terminal's own.
    let colour: Colour?

    /// The character, wrapped in its SGR sequence and a reset when `coloured`.
    func rendered(coloured: Bool) -> String {
        guard coloured, let colour else { return text }
        return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }

    /// The marker of a single place: `●`/`o` not visited, `✓`/`x` visited.
    static func single(visited: Bool, glyphs: MapStyle.Glyphs) -> MarkerGlyph {
        let ascii = glyphs == .ascii
        return visited
            ? MarkerGlyph(text: ascii ? "x" : "✓", colour: .green)
            : MarkerGlyph(text: ascii ? "o" : "●", colour: .red)
    }

    /// A cell's marker: a single place's shape, or the count of several (`2`…`9`, `+` for ten or more) coloured
    /// by what they are.
    static func marker(for cell: MapCell, glyphs: MapStyle.Glyphs) -> MarkerGlyph {
        if cell.count == 1 { return single(visited: cell.visited == 1, glyphs: glyphs) }
        let text = cell.count > 9 ? "+" : String(cell.count)
        let colour: Colour = cell.unvisited == 0 ? .green : cell.visited == 0 ? .red : .yellow
        return MarkerGlyph(text: text, colour: colour)
    }
}
