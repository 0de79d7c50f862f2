/// A map drawn in a terminal: land outlines, a marker per cell with places, labels, a scale bar and a legend.
///
/// A cell with one place shows `●` when it is not visited and `✓` when it is (`o` and `x` in ASCII); a cell
/// with several shows their count, `2` to `9`, or `+` for ten or more. With colour, not visited is red, visited
/// green, and a count yellow when the cell holds both. Labels are placed by `LabelPlacement`.
public enum TerminalMap {
    /// The lines under the map: the scale bar and the legend, on one line.
    public static let footerHeight = 1
    /// The smallest grid a map is drawn on: narrower or shorter, there is no room for it.
    public static let minimumColumns = 20
    /// See `minimumColumns`.
    public static let minimumRows = 5

    /// The map's lines: `view.rows` lines of `view.columns` cells, then `footerHeight` lines of scale and legend
    /// (no longer than `view.columns` cells). With `style.isColoured`, the lines carry ANSI SGR sequences, each
    /// reset before its line ends. `cells` outside the view or without places are ignored. A `note` takes the place
    /// of what the markers mean in the legend (see `MapLegend`).
    public static func render(
        view: MapView, coastline: Coastline, cells: [MapCell], style: MapStyle, note: String? = nil
    ) -> [String] {
        var canvas = DotCanvas(glyphs: style.glyphs, columns: view.columns, rows: view.rows)
        canvas.draw(coastline, view: view)
        var overlay = TerminalOverlay(columns: view.columns, rows: view.rows)
        for cell in cells where cell.count > 0 {
            overlay.put(MarkerGlyph.marker(for: cell, glyphs: style.glyphs), at: cell.position)
        }
        for label in LabelPlacement.place(cells: cells, view: view) {
            overlay.write(label.text, row: label.row, column: label.column)
            // The free cells either side of a label are cleared of land, so that it reads apart from the coast.
            overlay.clear(row: label.row, columns: [label.column - 1, label.column + label.width])
        }
        var lines: [String] = []
        lines.reserveCapacity(view.rows + footerHeight)
        for row in 0..<view.rows {
            var line = ""
            for column in 0..<view.columns {
                switch overlay[column, row] {
                case .none: line.append(canvas.character(column: column, row: row))
                case .covered: break
                case .glyph(let glyph): line += glyph.rendered(coloured: style.isColoured)
                }
            }
            lines.append(line)
        }
        lines.append(MapLegend.line(view: view, style: style, note: note))
        return lines
    }
}
