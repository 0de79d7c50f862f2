/// A terminal cell of a map: its column from the left and row from the top, both from 0.
public struct MapCellPosition: Sendable, Hashable, Comparable {
    /// The column, from 0 at the left.
    public let column: Int
    /// The row, from 0 at the top.
    public let row: Int

    /// Creates a position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Row-major order: top to bottom, then left to right.
    public static func < (lhs: MapCellPosition, rhs: MapCellPosition) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }
}
