import PlacesModel

/// A place as the daemon sends it, read by a client; the daemon writes it with `PlaceEncoding`.
public struct WirePlace: Sendable, Hashable {
    /// The place's id.
    public let id: PlaceID
    /// The name.
    public let name: String
    /// The description.
    public let description: String
    /// Degrees north.
    public let latitude: Double
    /// Degrees east.
    public let longitude: Double
    /// Whether the owner has been there.
    public let visited: Bool
    /// When the owner was there, as the RFC 3339 text the daemon sent; nil when unvisited or unknown.
    public let visitedAt: String?
    /// The place's tags, in the daemon's order.
    public let tags: [String]
    /// The place's version.
    public let version: Int64
    /// When it was added, as the RFC 3339 text the daemon sent.
    public let createdAt: String
    /// When it last changed, as the RFC 3339 text the daemon sent.
    public let updatedAt: String
    /// The owner's uid, present only in `allUsers` answers.
    public let owner: UInt32?

    /// Creates a place from all of its fields.
    public init(
        id: PlaceID, name: String, description: String, latitude: Double, longitude: Double, visited: Bool,
        version: Int64, createdAt: String, updatedAt: String, owner: UInt32? = nil, visitedAt: String? = nil,
        tags: [String] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
        self.visited = visited
        self.visitedAt = visitedAt
        self.tags = tags
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.owner = owner
    }

    /// The wire form of a stored place.
    public init(_ place: Place, includeOwner: Bool = false) {
        self.init(
            id: place.id,
            name: place.name,
            description: place.description,
            latitude: place.coordinate.latitude,
            longitude: place.coordinate.longitude,
            visited: place.isVisited,
            version: place.version,
            createdAt: place.createdAt.description,
            updatedAt: place.updatedAt.description,
            owner: includeOwner ? place.owner : nil,
            visitedAt: place.visitedAt?.description,
            tags: place.tags
        )
    }
}

extension WirePlace {
    /// Reads a place object as the daemon sends it; `owner` is optional, `visitedAt` and `tags` may be missing
    /// (as in an export of a release before them), and unknown keys are ignored.
    ///
    /// Throws a -32602 error whose data names the offending field.
    public static func decode(_ value: JSONValue) throws(RPCError) -> WirePlace {
        guard case .object(let object) = value else { throw invalid("place", "must be an object") }
        func member(_ field: PlaceField) -> JSONValue? { object[field.text] }
        func string(_ field: PlaceField) throws(RPCError) -> String {
            guard case .string(let string) = member(field) else { throw invalid(field.text, "must be a string") }
            return string
        }
        func number(_ field: PlaceField) throws(RPCError) -> Double {
            guard case .number(let number) = member(field), let double = number.double else {
                throw invalid(field.text, "must be a number")
            }
            return double
        }
        guard let id = PlaceID.parse(try string(.id)) else { throw invalid(PlaceField.id.text, "must be a UUID") }
        let name = try string(.name)
        let description = try string(.description)
        let latitude = try number(.latitude)
        let longitude = try number(.longitude)
        guard case .bool(let visited) = member(.visited) else {
            throw invalid(PlaceField.visited.text, "must be a boolean")
        }
        guard case .number(let versionNumber) = member(.version), let version = versionNumber.integerValue else {
            throw invalid(PlaceField.version.text, "must be an integer")
        }
        let createdAt = try string(.createdAt)
        let updatedAt = try string(.updatedAt)
        var visitedAt: String?
        switch member(.visitedAt) {
        case nil, .null?: break
        case .string(let text)?: visitedAt = text
        default: throw invalid(PlaceField.visitedAt.text, "must be a string or null")
        }
        var tags: [String] = []
        if let value = member(.tags) {
            guard case .array(let elements) = value else { throw invalid(PlaceField.tags.text, "must be an array") }
            for (offset, element) in elements.enumerated() {
                guard case .string(let tag) = element else {
                    throw invalid("\(PlaceField.tags.text)[\(offset)]", "must be a string")
                }
                tags.append(tag)
            }
        }
        var owner: UInt32?
        if let ownerValue = member(.owner) {
            guard case .number(let number) = ownerValue, let uid = number.integerValue.flatMap(UInt32.init(exactly:))
            else {
                throw invalid(PlaceField.owner.text, "must be a uid")
            }
            owner = uid
        }
        return WirePlace(
            id: id, name: name, description: description, latitude: latitude, longitude: longitude,
            visited: visited, version: version, createdAt: createdAt, updatedAt: updatedAt, owner: owner,
            visitedAt: visitedAt, tags: tags
        )
    }

    /// Reads every place of `values`, or `ReplyError.place` for the first malformed one.
    public static func decode(all values: [JSONValue]) throws(ReplyError) -> [WirePlace] {
        try ReplyReader.each(values, decodeInReply)
    }

    /// Reads a place within a result, a malformed one as `ReplyError.place`.
    public static func decodeInReply(_ value: JSONValue) throws(ReplyError) -> WirePlace {
        do throws(RPCError) {
            return try decode(value)
        } catch {
            throw .place(error)
        }
    }

    /// The JSON Schema of a place (`#/components/schemas/Place`): every field but `owner` is always present.
    public static var schema: JSONValue {
        [
            "type": "object",
            "required": .array(PlaceField.allCases.filter { $0 != .owner }.map { .string($0.text) }),
            "properties": .object(JSONObject(PlaceField.allCases.map { (key: $0.text, value: schema(of: $0)) })),
        ]
    }

    /// The schema of one field's value.
    private static func schema(of field: PlaceField) -> JSONValue {
        switch field {
        case .id: WireSchema.ref("PlaceID")
        case .name:
            ["type": "string", "minLength": 1, "maxLength": .number(JSONNumber(PlaceRules.maximumNameLength))]
        case .description: ["type": "string", "maxLength": .number(JSONNumber(PlaceRules.maximumDescriptionLength))]
        case .latitude: WireSchema.ref("Latitude")
        case .longitude: WireSchema.ref("Longitude")
        case .visited: WireSchema.type("boolean")
        case .visitedAt:
            [
                "type": ["string", "null"], "format": "date-time",
                "description":
                    "When the owner was there; null while unvisited, or visited before placesd kept the date.",
            ]
        case .tags: tagsSchema
        case .version: ["type": "integer", "minimum": 1]
        case .createdAt, .updatedAt: ["type": "string", "format": "date-time"]
        case .owner: WireSchema.type("integer", "The owner's uid; only with allUsers.")
        }
    }

    /// The schema of a set of tags.
    public static var tagsSchema: JSONValue {
        [
            "type": "array", "maxItems": .number(JSONNumber(TagRules.maximumCount)), "uniqueItems": true,
            "items": [
                "type": "string", "minLength": 1, "maxLength": .number(JSONNumber(TagRules.maximumLength)),
            ],
        ]
    }

    private static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }
}
