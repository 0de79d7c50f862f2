/// The fields of a place about to be added, already validated.
public struct PlaceDraft: Sendable, Hashable {
    /// The trimmed name.
    public var name: String
    /// The description.
    public var description: String
    /// Where the place is.
    public var coordinate: Coordinate
    /// Whether it is already visited.
    public var isVisited: Bool

    /// Validates and normalises the fields of a new place.
    public init(
        name: String = PlaceRules.defaultName, description: String = "", latitude: Double, longitude: Double,
        isVisited: Bool = false
    ) throws(ValidationError) {
        self.name = try PlaceRules.validName(name)
        self.description = try PlaceRules.validDescription(description)
        self.coordinate = Coordinate(
            latitude: try PlaceRules.validLatitude(latitude),
            longitude: try PlaceRules.validLongitude(longitude)
        )
        self.isVisited = isVisited
    }
}
