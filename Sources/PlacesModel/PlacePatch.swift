/// A partial change to a place: the fields that are set replace the place's own; tags are replaced as a set
/// (`tags`) or edited (`addTags`, `removeTags`, applied to the place's tags as they are when the change is made,
/// so that two edits by different clients both count).
public struct PlacePatch: Sendable, Hashable {
    /// The new name, trimmed and validated.
    public private(set) var name: String?
    /// The new description, validated.
    public private(set) var description: String?
    /// The new latitude, validated.
    public private(set) var latitude: Double?
    /// The new longitude, validated.
    public private(set) var longitude: Double?
    /// The new visited flag (true when only `visitedAt` is given).
    public var isVisited: Bool?
    /// The visit date to set; without it, a place that becomes visited gets the time of the change.
    public private(set) var visitedAt: Timestamp?
    /// The new set of tags, in canonical order.
    public private(set) var tags: [String]?
    /// Tags to add to the place's own.
    public private(set) var addTags: [String]
    /// Tags to take off the place's own (by folded key).
    public private(set) var removeTags: [String]

    /// Validates the fields that are given; at least one must be.
    public init(
        name: String? = nil, description: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        isVisited: Bool? = nil, visitedAt: Timestamp? = nil, tags: [String]? = nil, addTags: [String] = [],
        removeTags: [String] = []
    ) throws(ValidationError) {
        guard
            name != nil || description != nil || latitude != nil || longitude != nil || isVisited != nil
                || visitedAt != nil || tags != nil || !addTags.isEmpty || !removeTags.isEmpty
        else {
            throw ValidationError(
                field: "params",
                reason: "must set at least one of name, description, latitude, longitude, visited, visitedAt, "
                    + "tags, addTags, removeTags"
            )
        }
        if tags != nil, !addTags.isEmpty || !removeTags.isEmpty {
            throw ValidationError(field: PlaceField.tags.text, reason: "must not be given with addTags or removeTags")
        }
        self.name = try name.map { (value) throws(ValidationError) in try PlaceRules.validName(value) }
        self.description = try description.map { (value) throws(ValidationError) in
            try PlaceRules.validDescription(value)
        }
        self.latitude = try latitude.map { (value) throws(ValidationError) in try PlaceRules.validLatitude(value) }
        self.longitude = try longitude.map { (value) throws(ValidationError) in try PlaceRules.validLongitude(value) }
        self.isVisited = try PlaceRules.visited(isVisited, at: visitedAt)
        self.visitedAt = visitedAt
        self.tags = try tags.map { (value) throws(ValidationError) in
            try TagRules.validTags(value, field: PlaceField.tags.text)
        }
        self.addTags = try TagRules.validTags(addTags, field: "addTags")
        self.removeTags = try TagRules.validTags(removeTags, field: "removeTags")
    }

    /// The patch that gives the fields of `place` that differ from `earlier` their earlier values (what undoing an
    /// update sets), or nil when no field a client sets differs.
    public static func reverting(_ place: Place, to earlier: Place) -> PlacePatch? {
        func differing<Value: Equatable>(_ field: KeyPath<Place, Value>) -> Value? {
            place[keyPath: field] == earlier[keyPath: field] ? nil : earlier[keyPath: field]
        }
        // A visit date is given back only to a place visited before (an unknown date stays unknown).
        let visitedAt = earlier.isVisited && earlier.visitedAt != place.visitedAt ? earlier.visitedAt : nil
        // Values that were stored validate again.
        return try? PlacePatch(
            name: differing(\.name), description: differing(\.description),
            latitude: differing(\.coordinate.latitude), longitude: differing(\.coordinate.longitude),
            isVisited: differing(\.isVisited), visitedAt: visitedAt, tags: differing(\.tags))
    }

    /// Whether applying the patch to `place` would change nothing.
    public func changesNothing(in place: Place) -> Bool {
        applied(to: place, at: place.updatedAt) == place
    }

    /// The place with the patch's fields replaced, without touching the version; a place that becomes visited
    /// gets `visitedAt` or `time` as its visit date, and one that becomes unvisited loses it. The tags may come
    /// out over `TagRules.maximumCount` after `addTags`: the caller refuses that.
    public func applied(to place: Place, at time: Timestamp) -> Place {
        var result = place
        if let name { result.name = name }
        if let description { result.description = description }
        if let latitude { result.coordinate.latitude = latitude }
        if let longitude { result.coordinate.longitude = longitude }
        if let isVisited {
            result.isVisited = isVisited
            if !isVisited {
                result.visitedAt = nil
            } else if let visitedAt {
                result.visitedAt = visitedAt
            } else if !place.isVisited {
                result.visitedAt = time
            }
        }
        if let tags { result.tags = tags }
        if !removeTags.isEmpty { result.tags = TagRules.removing(removeTags, from: result.tags) }
        if !addTags.isEmpty { result.tags = TagRules.adding(addTags, to: result.tags) }
        if result != place { result.updatedAt = time }
        return result
    }

    /// The new value of `field`, or nil when the patch leaves it (always for the fields the daemon sets; for the
    /// tags, only a whole new set).
    public func value(of field: PlaceField) -> PlaceFieldValue? {
        switch field {
        case .name: name.map(PlaceFieldValue.text)
        case .description: description.map(PlaceFieldValue.text)
        case .latitude: latitude.map(PlaceFieldValue.number)
        case .longitude: longitude.map(PlaceFieldValue.number)
        case .visited: isVisited.map(PlaceFieldValue.flag)
        case .visitedAt: visitedAt.map { PlaceFieldValue.time($0) }
        case .tags: tags.map(PlaceFieldValue.tags)
        case .id, .version, .createdAt, .updatedAt, .owner: nil
        }
    }
}
