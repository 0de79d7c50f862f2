/// A grid of `columns` × `rows` equal cells over a box (`places.density`, and the map drawn from it).
///
/// The cells take equal steps of longitude and of latitude (an equirectangular, "plate carrée", projection of the
/// box). Column 0 is the westernmost, row 0 the northernmost: rows run north to south, as lines run down a screen.
/// A box whose `west` is greater than its `east` crosses the antimeridian, and its columns run east from `west`
/// across 180 to `east`.
///
/// A cell holds its western and northern edges; a place on the border of two cells belongs to the one east of it
/// or south of it, and the last column and row also hold the box's eastern and southern edges. Said as arithmetic,
/// which is what decides a place on a border: a place `e` degrees east of `west` (the way the box runs) and `s`
/// degrees south of `north` is in column ⌊e · (columns / width)⌋ and row ⌊s · (rows / height)⌋, in double precision
/// with the quotients computed first (`columnScale`, `rowScale`), the last index where that gives `columns` or `rows`.
public struct DensityGrid: Sendable, Hashable {
    /// The most columns, and the most rows.
    public static let maximumSide = 1000
    /// The most cells (columns × rows).
    public static let maximumCells = 200_000

    /// The box the grid covers, edges included.
    public let box: BoundingBox
    /// The number of columns, west to east.
    public let columns: Int
    /// The number of rows, north to south.
    public let rows: Int
    /// The degrees of longitude the box spans (across the antimeridian, the longer way from `west` to `east`).
    public let width: Double
    /// The degrees of latitude the box spans.
    public let height: Double
    /// Columns per degree of longitude: `columns / width`, computed once.
    public let columnScale: Double
    /// Rows per degree of latitude: `rows / height`, computed once.
    public let rowScale: Double

    /// A grid of `columns` × `rows` cells over `box`, which must have a height (south below north) and a width (west
    /// and east apart): each side 1…`maximumSide`, at most `maximumCells` cells. `field` names the box in errors.
    public init(box: BoundingBox, columns: Int, rows: Int, field: String = "bbox") throws(ValidationError) {
        guard box.south < box.north else {
            throw ValidationError(
                field: field, reason: "must have south (\(box.south)) below north (\(box.north)): a grid needs a height"
            )
        }
        guard box.west != box.east else {
            throw ValidationError(
                field: field, reason: "must have west and east apart (both \(box.west)): a grid needs a width")
        }
        for (name, value) in [("columns", columns), ("rows", rows)] where !(1...Self.maximumSide).contains(value) {
            throw ValidationError(field: name, reason: "must be between 1 and \(Self.maximumSide), not \(value)")
        }
        guard columns * rows <= Self.maximumCells else {
            throw ValidationError(
                field: "columns",
                reason:
                    "× rows must be at most \(Self.maximumCells) cells, not \(columns) × \(rows) = \(columns * rows)")
        }
        self.box = box
        self.columns = columns
        self.rows = rows
        width = box.wraps ? box.east - box.west + 360 : box.east - box.west
        height = box.north - box.south
        columnScale = Double(columns) / width
        rowScale = Double(rows) / height
    }

    /// The number of cells.
    public var cellCount: Int { columns * rows }

    /// How many degrees east of `west` `longitude` lies, the way the box runs (across the antimeridian for a box
    /// that crosses it); in 0…`width` for a longitude in the box.
    @inlinable public func eastward(_ longitude: Double) -> Double {
        let offset = longitude - box.west
        return offset < 0 && box.wraps ? offset + 360 : offset
    }

    /// How many degrees south of `north` `latitude` lies.
    @inlinable public func southward(_ latitude: Double) -> Double {
        box.north - latitude
    }

    /// The column of a longitude `eastward` degrees east of `west` (in 0…`width`).
    @inlinable public func column(eastward: Double) -> Int {
        min(Int(eastward * columnScale), columns - 1)
    }

    /// The row of a latitude `southward` degrees south of `north` (in 0…`height`).
    @inlinable public func row(southward: Double) -> Int {
        min(Int(southward * rowScale), rows - 1)
    }

    /// The column and row of the cell holding `coordinate`, or nil when it is outside the box.
    @inlinable public func cell(of coordinate: Coordinate) -> (column: Int, row: Int)? {
        guard box.contains(coordinate) else { return nil }
        return (column(eastward: eastward(coordinate.longitude)), row(southward: southward(coordinate.latitude)))
    }

    /// The centre of the cell at `column` and `row`, as degrees east of `west` and south of `north`.
    @inlinable public func centre(column: Int, row: Int) -> (eastward: Double, southward: Double) {
        ((Double(column) + 0.5) * width / Double(columns), (Double(row) + 0.5) * height / Double(rows))
    }

    /// The squared distance in degrees, on the grid's projection, from the centre of the cell at `column` and `row`
    /// to a place `eastward` degrees east of `west` and `southward` degrees south of `north`: what orders a cell's
    /// places for its labels.
    @inlinable public func squaredDistance(
        fromCentreOf column: Int, _ row: Int, eastward: Double, southward: Double
    ) -> Double {
        let centre = centre(column: column, row: row)
        let across = eastward - centre.eastward
        let down = southward - centre.southward
        return across * across + down * down
    }
}
