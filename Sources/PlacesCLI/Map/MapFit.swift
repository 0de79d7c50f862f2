import PlacesModel

/// The box that fits the places a map shows, found with `places.density` alone: never by fetching places.
///
/// A grid over the world says which cells hold places; a grid over the box of those cells says it again, finer,
/// and so on a few times: three 64 × 64 grids find the box to about 150 m whatever the number of places.
/// The box then gets a margin and a least size; when it spans most of the world, the map shows the world.
enum MapFit {
    /// The grid's columns and rows at each step.
    static let gridSize = 64
    /// The most grids asked for.
    static let steps = 3
    /// The margin around the places, as a part of the box's size on each side.
    static let margin = 0.1
    /// The least height of a fitted box, in degrees of latitude (about 110 km), so a single place shows with
    /// its surroundings.
    static let leastSpan = 1.0
    /// A box this wide (degrees of longitude) or tall (degrees of latitude) shows the whole world instead.
    static let worldWidth = 200.0
    static let worldHeight = 110.0

    /// Asks for the cells of a grid over a box: `(box, columns, rows) → non-empty cells`.
    typealias Grid<Failure: Error> = (BoundingBox, Int, Int) throws(Failure) -> [MapCell]

    /// The box to show the places `grid` counts in; nil when there are none.
    static func box<Failure: Error>(_ grid: Grid<Failure>) throws(Failure) -> BoundingBox? {
        var box = MapFrame.world
        for _ in 0..<steps {
            let cells = try grid(box, gridSize, gridSize)
            guard let occupied = occupiedBox(cells, of: box) else { return nil }
            if occupied == box { break }
            box = occupied
        }
        return framed(box)
    }

    /// The box covering the cells that hold places, on the cells' edges (`box` does not cross the antimeridian:
    /// the search starts from the world).
    static func occupiedBox(_ cells: [MapCell], of box: BoundingBox) -> BoundingBox? {
        let full = cells.filter { $0.count > 0 }
        guard let first = full.first else { return nil }
        var columns = first.column...first.column
        var rows = first.row...first.row
        for cell in full.dropFirst() {
            columns = min(columns.lowerBound, cell.column)...max(columns.upperBound, cell.column)
            rows = min(rows.lowerBound, cell.row)...max(rows.upperBound, cell.row)
        }
        let width = box.longitudeSpan / Double(gridSize)
        let height = box.latitudeSpan / Double(gridSize)
        let west = box.west + Double(columns.lowerBound) * width
        let east = box.west + Double(columns.upperBound + 1) * width
        return BoundingBox(
            uncheckedSouth: max(box.north - Double(rows.upperBound + 1) * height, -90),
            west: max(west, -180), north: min(box.north - Double(rows.lowerBound) * height, 90),
            east: min(east, 180))
    }

    /// The places' box with its margin and least size, or the world when it spans most of it.
    static func framed(_ box: BoundingBox) -> BoundingBox {
        let height = max(box.latitudeSpan * (1 + 2 * margin), leastSpan)
        let width = max(box.longitudeSpan * (1 + 2 * margin), leastSpan)
        guard width < worldWidth, height < worldHeight else { return MapFrame.world }
        let middle = (box.south + box.north) / 2
        let center = box.west + box.longitudeSpan / 2
        var south = middle - height / 2
        var north = middle + height / 2
        if south < -90 {
            north = min(north - south - 90, 90)
            south = -90
        } else if north > 90 {
            south = max(south - (north - 90), -90)
            north = 90
        }
        return BoundingBox(
            uncheckedSouth: south, west: MapFrame.wrapped(center - width / 2), north: north,
            east: MapFrame.wrapped(center + width / 2))
    }
}
