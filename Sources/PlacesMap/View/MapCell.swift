/// The places of one terminal cell of a map, as `places.density` counts them: how many are visited and how
/// many not, and a few of them (those nearest the cell's centre, nearest first) whose names may label it.
public struct MapCell: Sendable, Hashable {
    /// The cell.
    public let position: MapCellPosition
    /// How many places in the cell are visited.
    public let visited: Int
    /// How many places in the cell are not visited.
    public let unvisited: Int
    /// Some of the cell's places, nearest the cell's centre first; the first names the cell's label.
    public let labels: [MapLabel]

    /// Creates a cell; negative counts are taken as 0.
    public init(column: Int, row: Int, visited: Int, unvisited: Int, labels: [MapLabel] = []) {
        position = MapCellPosition(column: column, row: row)
        self.visited = max(0, visited)
        self.unvisited = max(0, unvisited)
        self.labels = labels
    }

    /// How many places the cell holds.
    public var count: Int { visited + unvisited }
}
