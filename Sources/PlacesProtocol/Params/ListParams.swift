import PlacesModel

/// The params of `places.list`: the selection (`sort?`, `order?`, `visited?`, `query?`, `tag?`, `bbox?`), `point?` or
/// `from?` (for `sort: distance`), `after?`, `offset?`, `limit?`, `allUsers?`.
public struct ListParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = PlaceSelection.keys + ["point", "from", "after", "offset", "limit", "allUsers"]
    /// The key of the tags every place listed must hold: one string or an array of them.
    public static let tagKey = PlaceSelection.tagKey

    /// The order and filters.
    public let selection: PlaceSelection
    /// The point distances are measured from (`sort: distance`), when given.
    public let point: Coordinate?
    /// The place distances are measured from (`sort: distance`), when given instead of a point.
    public let from: PlaceID?
    /// Start after this place (the last of the previous page), wherever it now is in the order.
    public let after: PlaceID?
    /// How many matches to skip (after `after`); 0 by default.
    public let offset: Int
    /// The most places to return; no limit when nil.
    public let limit: Int?
    /// Whether an admin asks across every user's places.
    public let allUsers: Bool

    /// Only places with this visited flag, when given.
    public var visited: Bool? { selection.visited }
    /// Only places whose folded name, description or a tag contains this, when given.
    public var query: String? { selection.query }
    /// Only places holding every one of these tags (compared folded), when not empty.
    public var tags: [String] { selection.tags }

    /// Creates params.
    public init(
        visited: Bool? = nil, query: String? = nil, tags: [String] = [], offset: Int = 0, limit: Int? = nil,
        allUsers: Bool = false, sort: PlaceSort = .position, order: SortDirection = .ascending,
        box: BoundingBox? = nil, point: Coordinate? = nil, from: PlaceID? = nil, after: PlaceID? = nil
    ) {
        self.init(
            selection: PlaceSelection(
                sort: sort, order: order, visited: visited, query: query, tags: tags, box: box),
            point: point, from: from, after: after, offset: offset, limit: limit, allUsers: allUsers)
    }

    /// Creates params from a selection.
    public init(
        selection: PlaceSelection, point: Coordinate? = nil, from: PlaceID? = nil, after: PlaceID? = nil,
        offset: Int = 0, limit: Int? = nil, allUsers: Bool = false
    ) {
        self.selection = selection
        self.point = point
        self.from = from
        self.after = after
        self.offset = offset
        self.limit = limit
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ListParams {
        let reader = try ParamsReader(params, allowed: keys)
        let selection = try PlaceSelection.read(reader, defaultSort: .position)
        let point = try PlaceSelection.readPoint(reader, "point")
        let from = try reader.placeID("from")
        if point != nil, from != nil { throw reader.invalid("point", "cannot be given with from") }
        if selection.sort == .distance, point == nil, from == nil {
            throw reader.invalid("sort", "'distance' needs a point to measure from: give point or from")
        }
        if selection.sort != .distance, let key = point != nil ? "point" : from != nil ? "from" : nil {
            throw reader.invalid(key, "is only for sort 'distance'")
        }
        return ListParams(
            selection: selection, point: point, from: from, after: try reader.placeID("after"),
            offset: try reader.nonNegativeInteger("offset") ?? 0, limit: try reader.nonNegativeInteger("limit"),
            allUsers: try reader.bool("allUsers") ?? false)
    }
}

extension ListParams {
    /// `places.list`.
    public static var method: Method { .list }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        selection.write(to: &writer, defaultSort: .position)
        if let point {
            var members = ParamsWriter()
            members.add(PlaceField.latitude.text, number: point.latitude)
            members.add(PlaceField.longitude.text, number: point.longitude)
            writer.add("point", .object(members.object))
        }
        writer.add("from", id: from)
        writer.add("after", id: after)
        writer.add("offset", integer: offset == 0 ? nil : offset)
        writer.add("limit", integer: limit)
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
