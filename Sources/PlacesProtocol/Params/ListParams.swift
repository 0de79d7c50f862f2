import PlacesModel

/// The params of `places.list`: `visited?`, `query?`, `tag?`, `offset?`, `limit?`, `allUsers?`.
public struct ListParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.visited.text, "query", tagKey, "offset", "limit", "allUsers"]
    /// The key of the tags every place listed must hold: one string or an array of them.
    public static let tagKey = "tag"

    /// Only places with this visited flag, when given.
    public let visited: Bool?
    /// Only places whose name or description contains this, ignoring case, when given.
    public let query: String?
    /// Only places holding every one of these tags (compared folded), when not empty.
    public let tags: [String]
    /// How many matches to skip; 0 by default.
    public let offset: Int
    /// The most places to return; no limit when nil.
    public let limit: Int?
    /// Whether an admin asks across every user's places.
    public let allUsers: Bool

    /// Creates params.
    public init(
        visited: Bool? = nil, query: String? = nil, tags: [String] = [], offset: Int = 0, limit: Int? = nil,
        allUsers: Bool = false
    ) {
        self.visited = visited
        self.query = query
        self.tags = tags
        self.offset = offset
        self.limit = limit
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ListParams {
        let reader = try ParamsReader(params, allowed: keys)
        let tags = try reader.strings(tagKey, allowingOne: true) ?? []
        do throws(ValidationError) {
            // A tag no place may hold is refused rather than matching nothing.
            for (offset, tag) in tags.enumerated() {
                _ = try TagRules.validTag(tag, field: tags.count == 1 ? tagKey : "\(tagKey)[\(offset)]")
            }
        } catch {
            throw reader.invalid(error)
        }
        return ListParams(
            visited: try reader.bool(PlaceField.visited.text),
            query: try reader.string("query"),
            tags: tags,
            offset: try reader.nonNegativeInteger("offset") ?? 0,
            limit: try reader.nonNegativeInteger("limit"),
            allUsers: try reader.bool("allUsers") ?? false
        )
    }
}

extension ListParams {
    /// `places.list`.
    public static var method: Method { .list }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(PlaceField.visited.text, bool: visited)
        writer.add("query", string: query)
        writer.add(Self.tagKey, strings: tags.isEmpty ? nil : tags)
        writer.add("offset", integer: offset == 0 ? nil : offset)
        writer.add("limit", integer: limit)
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
