/// The line under a terminal map: its scale bar, then what the markers mean, as much as fits.
enum MapLegend {
    /// The footer for `view`, at most `view.columns` cells; the parts that do not fit are left off from the end.
    /// A `note` (no place to show, and why) comes first instead of what the markers mean, cut to the width if
    /// need be.
    static func line(view: MapView, style: MapStyle, note: String? = nil) -> String {
        let ascii = style.glyphs == .ascii
        let unvisited = MarkerGlyph.single(visited: false, glyphs: style.glyphs)
        let visited = MarkerGlyph.single(visited: true, glyphs: style.glyphs)
        var parts: [(plain: String, rendered: String)] = []
        if let note {
            let fitted = TerminalText.truncated(note, toWidth: view.columns)
            parts.append((fitted, fitted))
        }
        if let scale = ScaleBar(view: view, maximumCells: max(2, view.columns / 4)) {
            let text = scale.text(ascii: ascii)
            parts.append((text, text))
        }
        if note == nil {
            for (glyph, meaning) in [(unvisited, " not visited"), (visited, " visited")] {
                parts.append((glyph.text + meaning, glyph.rendered(coloured: style.isColoured) + meaning))
            }
            parts.append(("2-9 places in a cell, + ten or more", "2-9 places in a cell, + ten or more"))
        }
        var line = ""
        var used = 0
        for part in parts {
            let width = TerminalText.width(of: part.plain) + (line.isEmpty ? 0 : 2)
            guard used + width <= view.columns else { break }
            line += (line.isEmpty ? "" : "  ") + part.rendered
            used += width
        }
        return line
    }
}
