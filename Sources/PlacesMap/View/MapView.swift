import PlacesModel

/// What a map shows: a latitude–longitude box drawn on a grid of `columns` × `rows` terminal cells, in the plate
/// carrée (equirectangular) projection.
///
/// Longitude and latitude are linear on screen, so every cell covers the same step of each: the grid of
/// `places.density`. A coordinate is in column `floor((longitude - west) / longitudeSpan × columns)` and row
/// `floor((north - latitude) / latitudeSpan × rows)`, the eastern and southern edges falling in the last column
/// and row. Longitudes are counted east from `west`, so a view may cross the antimeridian (`bbox.wraps`).
public struct MapView: Sendable, Hashable {
    /// The western edge, in degrees, in -180..<180.
    public let west: Double
    /// The degrees of longitude the view spans, in (0, 360].
    public let longitudeSpan: Double
    /// The southern edge, in degrees.
    public let south: Double
    /// The northern edge, in degrees.
    public let north: Double
    /// The width in terminal cells.
    public let columns: Int
    /// The height in terminal cells.
    public let rows: Int

    /// Creates a view of exactly these edges and this grid, whatever its aspect; the fitting functions
    /// (`fitting(_:columns:rows:)`, `fitting(bbox:columns:rows:)`, `around(_:radius:columns:rows:)`) give one
    /// whose aspect is right. `west` is brought into -180..<180 (and is -180 when the view spans 360°);
    /// `longitudeSpan` is clamped to (0, 360], the latitudes to -90...90, and the grid to at least one cell.
    public init(west: Double, longitudeSpan: Double, south: Double, north: Double, columns: Int, rows: Int) {
        self.longitudeSpan = min(360, max(longitudeSpan, 1e-9))
        // A box of the whole world's longitudes is -180…180 on the wire: the view starts where it does.
        self.west = self.longitudeSpan >= 360 ? -180 : MapView.normalized(longitude: west)
        let south = min(90 - 1e-9, max(-90, south))
        self.south = south
        self.north = max(south + 1e-9, min(90, north))
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The degrees of latitude the view spans.
    public var latitudeSpan: Double { north - south }

    /// The eastern edge, in -180...180: less than `west` when the view crosses the antimeridian.
    public var east: Double {
        if longitudeSpan >= 360 { return 180 }
        let east = west + longitudeSpan
        return east > 180 ? east - 360 : east
    }

    /// The view's box, as `places.density` and `places.list` take it (`west` > `east` across the antimeridian;
    /// the whole world as -180…180).
    public var bbox: BoundingBox {
        // The edges are in range by construction.
        return try! BoundingBox(south: south, west: west, north: north, east: east, field: "bbox")
    }

    /// The centre of the view.
    public var centre: Coordinate {
        Coordinate(
            latitude: (south + north) / 2,
            longitude: MapView.normalized(longitude: west + longitudeSpan / 2))
    }

    /// The cell `coordinate` falls in, or nil when it is outside the view.
    public func cell(of coordinate: Coordinate) -> MapCellPosition? {
        guard let eastward = eastward(ofLongitude: coordinate.longitude), coordinate.latitude >= south,
            coordinate.latitude <= north
        else { return nil }
        // The same arithmetic, in the same order, as `places.density`'s grid, so that a place on a border
        // falls in the same cell on both sides.
        let column = min(columns - 1, Int(eastward * Double(columns) / longitudeSpan))
        let row = min(rows - 1, Int((north - coordinate.latitude) * Double(rows) / latitudeSpan))
        return MapCellPosition(column: column, row: row)
    }

    /// The coordinate at the centre of a cell.
    public func centre(of position: MapCellPosition) -> Coordinate {
        let longitude = west + (Double(position.column) + 0.5) / Double(columns) * longitudeSpan
        let latitude = north - (Double(position.row) + 0.5) / Double(rows) * latitudeSpan
        return Coordinate(latitude: latitude, longitude: MapView.normalized(longitude: longitude))
    }

    /// Where `longitude` is across the view, from 0 (west edge) to 1 (east edge), or nil when outside.
    func x(ofLongitude longitude: Double) -> Double? {
        eastward(ofLongitude: longitude).map { $0 / longitudeSpan }
    }

    /// How many degrees east of the western edge `longitude` is, from 0 to `longitudeSpan`, or nil when outside.
    func eastward(ofLongitude longitude: Double) -> Double? {
        var offset = longitude - west
        if offset < 0 { offset += 360 }
        if offset >= 360 { offset -= 360 }
        // A view of the whole world holds its eastern edge at 180 as well as its western one.
        if longitudeSpan >= 360 && longitude == 180 { offset = 360 }
        return offset <= longitudeSpan ? offset : nil
    }

    /// `longitude` brought into -180..<180.
    static func normalized(longitude: Double) -> Double {
        guard longitude.isFinite else { return 0 }
        var value = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if value < 0 { value += 360 }
        return value - 180
    }
}
