/// A label put on the map: its text and the cells it takes on one row.
public struct PlacedLabel: Sendable, Hashable {
    /// The text, cut to fit.
    public let text: String
    /// The row.
    public let row: Int
    /// The first column it takes.
    public let column: Int
    /// The cells it takes.
    public let width: Int
    /// The cell whose marker it names.
    public let marker: MapCellPosition

    /// The columns it takes.
    public var columns: Range<Int> { column..<(column + width) }
}
