import PlacesMap
import PlacesModel

/// Where the places a map fits are, found with `places.density` alone: never by fetching the places.
///
/// A grid over the world says which cells hold places; a grid over the box of those cells says it again, finer,
/// and so on a few times: three 64 × 64 grids find the box to about 150 m whatever the number of places. The
/// coordinates handed to `MapView.fitting` are the corners of that box and the centres of the world grid's
/// occupied cells, which tell it where the places are round the globe, so that places on both sides of the
/// antimeridian get a view across it.
enum MapFit {
    /// The grid's columns and rows at each step.
    static let gridSize = 64
    /// The most grids asked for.
    static let steps = 3

    /// The first grid: the whole world.
    static let worldGrid = MapView(
        west: -180, longitudeSpan: 360, south: -90, north: 90, columns: gridSize, rows: gridSize)

    /// Asks for the non-empty cells of a grid: `view → cells`.
    typealias Grid<Failure: Error> = (MapView) throws(Failure) -> [MapCell]

    /// Coordinates whose box is the places' that `grid` counts; nil when there are none.
    static func coordinates<Failure: Error>(_ grid: Grid<Failure>) throws(Failure) -> [Coordinate]? {
        var view = worldGrid
        let world = try grid(view).filter { $0.count > 0 }
        guard !world.isEmpty else { return nil }
        var cells = world
        for _ in 1..<steps {
            guard let occupied = occupiedView(cells, of: view), occupied != view else { break }
            view = occupied
            cells = try grid(view).filter { $0.count > 0 }
        }
        let box = occupiedView(cells, of: view) ?? view
        let corners = [
            Coordinate(latitude: box.south, longitude: box.west),
            Coordinate(latitude: box.north, longitude: min(box.west + box.longitudeSpan, 180)),
        ]
        return corners + world.map { worldGrid.centre(of: $0.position) }
    }

    /// The view of the same grid size covering the cells that hold places, on the cells' edges (`view` does not
    /// cross the antimeridian: the search starts from the world and narrows).
    static func occupiedView(_ cells: [MapCell], of view: MapView) -> MapView? {
        guard let first = cells.first?.position else { return nil }
        var columns = first.column...first.column
        var rows = first.row...first.row
        for cell in cells.dropFirst() {
            columns = min(columns.lowerBound, cell.position.column)...max(columns.upperBound, cell.position.column)
            rows = min(rows.lowerBound, cell.position.row)...max(rows.upperBound, cell.position.row)
        }
        let width = view.longitudeSpan / Double(view.columns)
        let height = view.latitudeSpan / Double(view.rows)
        return MapView(
            west: view.west + Double(columns.lowerBound) * width, longitudeSpan: Double(columns.count) * width,
            south: view.north - Double(rows.upperBound + 1) * height,
            north: view.north - Double(rows.lowerBound) * height,
            columns: gridSize, rows: gridSize)
    }
}
