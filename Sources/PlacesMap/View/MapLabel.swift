import PlacesModel

/// A place a map may name: its name, where it is and whether it is visited.
public struct MapLabel: Sendable, Hashable {
    /// The place's name.
    public let name: String
    /// Where the place is.
    public let coordinate: Coordinate
    /// Whether the place is visited.
    public let isVisited: Bool

    /// Creates a label.
    public init(name: String, coordinate: Coordinate, isVisited: Bool) {
        self.name = name
        self.coordinate = coordinate
        self.isVisited = isVisited
    }
}
