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
    /// When it was visited, if given (only with `isVisited`); a visited place added without one gets the time it
    /// is added.
    public var visitedAt: Timestamp?
    /// Its tags, in canonical order.
    public var tags: [String]

    /// Validates and normalises the fields of a new place; a `visitedAt` makes it visited.
    public init(
        name: String = PlaceRules.defaultName, description: String = "", latitude: Double, longitude: Double,
        isVisited: Bool? = nil, visitedAt: Timestamp? = nil, tags: [String] = []
    ) throws(ValidationError) {
        self.name = try PlaceRules.validName(name)
        self.description = try PlaceRules.validDescription(description)
        self.coordinate = Coordinate(
            latitude: try PlaceRules.validLatitude(latitude),
            longitude: try PlaceRules.validLongitude(longitude)
        )
        self.isVisited = try PlaceRules.visited(isVisited, at: visitedAt) ?? false
        self.visitedAt = visitedAt
        self.tags = try TagRules.validTags(tags, field: PlaceField.tags.text)
    }

    /// Validates a place's own fields again, as a draft that would add them.
    public init(validating place: Place) throws(ValidationError) {
        try self.init(
            name: place.name, description: place.description, latitude: place.coordinate.latitude,
            longitude: place.coordinate.longitude, isVisited: place.isVisited,
            visitedAt: place.isVisited ? place.visitedAt : nil, tags: place.tags)
    }

    /// The value of `field`, one of `PlaceField.draftFields`; nil for the fields the daemon sets.
    public func value(of field: PlaceField) -> PlaceFieldValue? {
        switch field {
        case .name: .text(name)
        case .description: .text(description)
        case .latitude: .number(coordinate.latitude)
        case .longitude: .number(coordinate.longitude)
        case .visited: .flag(isVisited)
        case .visitedAt: .time(visitedAt)
        case .tags: .tags(tags)
        case .id, .version, .createdAt, .updatedAt, .owner: nil
        }
    }
}
