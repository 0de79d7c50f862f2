import PlacesModel

extension MapView {
    /// The cells `places` fall in, counted as `places.density` counts them, each with up to `labelsPerCell`
    /// of its places nearest the cell's centre (nearest first, then by name); places outside the view are left
    /// out. For a client that has the places themselves (a few of them, or a test); the cells are in row-major
    /// order.
    public func cells(of places: [MapLabel], labelsPerCell: Int = 3) -> [MapCell] {
        var byCell: [MapCellPosition: [MapLabel]] = [:]
        for place in places {
            guard let position = cell(of: place.coordinate) else { continue }
            byCell[position, default: []].append(place)
        }
        return byCell.keys.sorted().map { position in
            let members = byCell[position]!
            let origin = DistanceOrigin(centre(of: position))
            let nearest = members.map { (label: $0, distance: origin.distance(to: $0.coordinate)) }
                .sorted { ($0.distance, $0.label.name) < ($1.distance, $1.label.name) }
                .prefix(max(0, labelsPerCell)).map(\.label)
            let visited = members.count { $0.isVisited }
            return MapCell(
                column: position.column, row: position.row, visited: visited, unvisited: members.count - visited,
                labels: Array(nearest))
        }
    }
}
