import Glibc
import PlacesModel

/// The drawing of a map, on a terminal or as SVG: the box fitted to the canvas's shape, the markers of the cells
/// `places.density` counted, a legend.
///
/// Terminal cells are about twice as tall as wide; the box is widened (or heightened) so that a kilometre east
/// and a kilometre north take the same room at its middle latitude.
enum MapPicture {
    /// Lines under the map: the legend.
    static let footerLines = 1

    /// `box` grown to the shape of `columns` × `rows` terminal cells, about its middle.
    static func shaped(_ box: BoundingBox, columns: Int, rows: Int) -> BoundingBox {
        let middle = (box.south + box.north) / 2
        let cosine = max(cos(middle * Double.pi / 180), 0.05)
        let latitudeSpan = max(box.latitudeSpan, 1e-6)
        let wantedWidth = latitudeSpan * Double(columns) / (2 * Double(rows) * cosine)
        if wantedWidth >= box.longitudeSpan {
            guard wantedWidth < 360 else {
                return BoundingBox(uncheckedSouth: box.south, west: -180, north: box.north, east: 180)
            }
            let center = box.west + box.longitudeSpan / 2
            return BoundingBox(
                uncheckedSouth: box.south, west: MapFrame.wrapped(center - wantedWidth / 2), north: box.north,
                east: MapFrame.wrapped(center + wantedWidth / 2))
        }
        let wantedHeight = min(box.longitudeSpan * 2 * Double(rows) * cosine / Double(columns), 180)
        var south = middle - wantedHeight / 2
        var north = middle + wantedHeight / 2
        if south < -90 {
            north -= south + 90
            south = -90
        } else if north > 90 {
            south -= north - 90
            north = 90
        }
        return BoundingBox(uncheckedSouth: max(south, -90), west: box.west, north: min(north, 90), east: box.east)
    }

    /// The map's lines: `rows` rows of `columns` cells, each cell a marker (● visited, ○ not visited, ◐ both; a
    /// digit or + for several), then the legend.
    static func terminal(
        columns: Int, rows: Int, cells: [MapCell], style: TextStyle, isASCII: Bool
    ) -> [String] {
        var grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        var total = 0
        for cell in cells where cell.row >= 0 && cell.row < rows && cell.column >= 0 && cell.column < columns {
            total += cell.count
            grid[cell.row][cell.column] = marker(cell, style: style, isASCII: isASCII)
        }
        var lines = grid.map { $0.joined() }
        lines.append(legend(total: total, style: style, isASCII: isASCII))
        return lines
    }

    /// A cell's marker.
    static func marker(_ cell: MapCell, style: TextStyle, isASCII: Bool) -> String {
        let shape: String
        if cell.count > 1 {
            shape = cell.count > 9 ? "+" : String(cell.count)
        } else if cell.visited > 0 {
            shape = isASCII ? "*" : "●"
        } else {
            shape = isASCII ? "o" : "○"
        }
        if cell.unvisited == 0 { return style.positive(shape) }
        if cell.visited == 0 { return style.changed(shape) }
        return shape
    }

    /// `● visited  ○ not visited  2-9,+ several  12 places`.
    static func legend(total: Int, style: TextStyle, isASCII: Bool) -> String {
        let visited = style.positive(isASCII ? "*" : "●")
        let unvisited = style.changed(isASCII ? "o" : "○")
        return "\(visited) visited  \(unvisited) not visited  2-9,+ several  \(total) \(total == 1 ? "place" : "places")"
    }
}
