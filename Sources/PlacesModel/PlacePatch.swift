/// A partial change to a place: the fields that are set replace the place's own.
public struct PlacePatch: Sendable, Hashable {
    /// The new name, trimmed and validated.
    public private(set) var name: String?
    /// The new description, validated.
    public private(set) var description: String?
    /// The new latitude, validated.
    public private(set) var latitude: Double?
    /// The new longitude, validated.
    public private(set) var longitude: Double?
    /// The new visited flag.
    public var isVisited: Bool?

    /// Validates the fields that are given; at least one must be.
    public init(
        name: String? = nil, description: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        isVisited: Bool? = nil
    ) throws(ValidationError) {
        guard name != nil || description != nil || latitude != nil || longitude != nil || isVisited != nil else {
            throw ValidationError(
                field: "params",
                reason: "must set at least one of name, description, latitude, longitude, visited"
            )
        }
        self.name = try name.map { (value) throws(ValidationError) in try PlaceRules.validName(value) }
        self.description = try description.map { (value) throws(ValidationError) in
            try PlaceRules.validDescription(value)
        }
        self.latitude = try latitude.map { (value) throws(ValidationError) in try PlaceRules.validLatitude(value) }
        self.longitude = try longitude.map { (value) throws(ValidationError) in try PlaceRules.validLongitude(value) }
        self.isVisited = isVisited
    }

    /// The patch that gives the fields of `place` that differ from `earlier` their earlier values (what undoing an
    /// update sets), or nil when no field a client sets differs.
    public static func reverting(_ place: Place, to earlier: Place) -> PlacePatch? {
        func differing<Value: Equatable>(_ field: KeyPath<Place, Value>) -> Value? {
            place[keyPath: field] == earlier[keyPath: field] ? nil : earlier[keyPath: field]
        }
        // Values that were stored validate again.
        return try? PlacePatch(
            name: differing(\.name), description: differing(\.description),
            latitude: differing(\.coordinate.latitude), longitude: differing(\.coordinate.longitude),
            isVisited: differing(\.isVisited))
    }

    /// Whether applying the patch to `place` would change nothing.
    public func changesNothing(in place: Place) -> Bool {
        applied(to: place, at: place.updatedAt) == place
    }

    /// The place with the patch's fields replaced, without touching the version.
    public func applied(to place: Place, at time: Timestamp) -> Place {
        var result = place
        if let name { result.name = name }
        if let description { result.description = description }
        if let latitude { result.coordinate.latitude = latitude }
        if let longitude { result.coordinate.longitude = longitude }
        if let isVisited { result.isVisited = isVisited }
        if result != place { result.updatedAt = time }
        return result
    }

    /// The new value of `field`, or nil when the patch leaves it (always for the fields the daemon sets).
    public func value(of field: PlaceField) -> PlaceFieldValue? {
        switch field {
        case .name: name.map(PlaceFieldValue.text)
        case .description: description.map(PlaceFieldValue.text)
        case .latitude: latitude.map(PlaceFieldValue.number)
        case .longitude: longitude.map(PlaceFieldValue.number)
        case .visited: isVisited.map(PlaceFieldValue.flag)
        case .id, .version, .createdAt, .updatedAt, .owner: nil
        }
    }
}
