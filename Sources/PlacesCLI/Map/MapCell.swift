import PlacesModel

/// One non-empty cell of the grid `places.density` answers with: how many places it holds, visited or not, and the
/// few nearest its centre (for labels).
struct MapCell: Equatable, Sendable {
    /// One of the places nearest the cell's centre.
    struct Label: Equatable, Sendable {
        /// The place's id, as the wire spells it.
        let id: String
        /// The place's name.
        let name: String
        /// Where it is.
        let coordinate: Coordinate
        /// Whether it was visited.
        let isVisited: Bool
    }

    /// The cell's column, 0 at the west edge.
    let column: Int
    /// The cell's row, 0 at the north edge.
    let row: Int
    /// The visited places in the cell.
    let visited: Int
    /// The places not visited yet in the cell.
    let unvisited: Int
    /// The places nearest the cell's centre, nearest first.
    let nearest: [Label]

    /// Every place in the cell.
    var count: Int { visited + unvisited }
}
