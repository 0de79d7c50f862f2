/// Where the parts of an SVG map go, in pixels: the map on top, one terminal cell `cellWidth` wide and twice as
/// tall, and the legend under it.
struct SVGLayout {
    /// The view drawn.
    let view: MapView
    /// The picture's width.
    let width: Double
    /// A terminal cell's width.
    let cellWidth: Double
    /// The map's height.
    var mapHeight: Double { cellHeight * Double(view.rows) }
    /// A terminal cell's height.
    var cellHeight: Double { 2 * cellWidth }
    /// The legend's height, under the map.
    var legendHeight: Double { max(2 * cellHeight, 24) }
    /// The picture's height.
    var height: Double { mapHeight + legendHeight }
    /// The size of text: labels, counts, the legend.
    var fontSize: Double { max(cellHeight * 0.8, 8) }
    /// A marker's radius.
    var markerRadius: Double { max(cellWidth * 0.6, 3) }

    /// The layout of `view` in a picture `widthPixels` wide (at least one pixel a column).
    init(view: MapView, widthPixels: Int) {
        self.view = view
        width = Double(max(widthPixels, view.columns))
        cellWidth = width / Double(view.columns)
    }

    /// The centre of a terminal cell.
    func centre(of position: MapCellPosition) -> (x: Double, y: Double) {
        ((Double(position.column) + 0.5) * cellWidth, (Double(position.row) + 0.5) * cellHeight)
    }
}
