import PlacesModel

/// The params of `places.list`: `visited?`, `query?`, `offset?`, `limit?`, `allUsers?`.
public struct ListParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.visited.text, "query", "offset", "limit", "allUsers"]

    /// Only places with this visited flag, when given.
    public let visited: Bool?
    /// Only places whose name or description contains this, ignoring case, when given.
    public let query: String?
    /// How many matches to skip; 0 by default.
    public let offset: Int
    /// The most places to return; no limit when nil.
    public let limit: Int?
    /// Whether an admin asks across every user's places.
    public let allUsers: Bool

    /// Creates params.
    public init(visited: Bool? = nil, query: String? = nil, offset: Int = 0, limit: Int? = nil, allUsers: Bool = false)
    {
        self.visited = visited
        self.query = query
        self.offset = offset
        self.limit = limit
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ListParams {
        let reader = try ParamsReader(params, allowed: keys)
        return ListParams(
            visited: try reader.bool(PlaceField.visited.text),
            query: try reader.string("query"),
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
        writer.add("offset", integer: offset == 0 ? nil : offset)
        writer.add("limit", integer: limit)
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
