import PlacesMap
import PlacesModel
import PlacesProtocol

/// `places.density` as the map asks it: the params for a view's grid with the map's filters, and the reply's
/// cells as the map library takes them.
enum MapDensity {
    /// The params: the view's box and grid, the filters of `selection` (its box is not sent: the view's is) and
    /// how many of the nearest places each cell names. A view's grid is within the method's bounds (`MapRequest`
    /// keeps maps under `DensityGrid.maximumCells`), so a refusal here is a bug.
    static func params(_ view: MapView, selection: PlaceSelection, labels: Int) -> DensityParams {
        do {
            let grid = try DensityGrid(box: view.bbox, columns: view.columns, rows: view.rows)
            return try DensityParams(
                grid: grid, labels: labels, visited: selection.visited, query: selection.query, tags: selection.tags)
        } catch {
            fatalError("a map's grid is out of places.density's bounds: \(error.field) \(error.reason)")
        }
    }

    /// The cells of a reply.
    static func cells(_ result: JSONValue) throws(ReplyError) -> [MapCell] {
        try DensityResult.decode(result).cells.map { cell in
            MapCell(
                column: cell.column, row: cell.row, visited: cell.visited, unvisited: cell.unvisited,
                labels: cell.nearest.map {
                    MapLabel(name: $0.name, coordinate: $0.coordinate, isVisited: $0.isVisited)
                })
        }
    }
}
