import PlacesModel

/// The params of `places.near`: `latitude` and `longitude`, or `from` (a place id); `radius?` (metres), `limit?`
/// (default 10), and the selection (`sort?`, default distance; `order?`, `visited?`, `query?`, `bbox?`).
public struct NearParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] =
        [PlaceField.latitude.text, PlaceField.longitude.text, "from", "radius", "limit"] + PlaceSelection.keys

    /// The number of places returned when `limit` is not given.
    public static let defaultLimit = 10

    /// The point to measure from, validated; nil when measuring from a place.
    public let coordinate: Coordinate?
    /// The place to measure from (itself left out), when given instead of a point.
    public let from: PlaceID?
    /// Only places within this many metres, when given.
    public let radius: Double?
    /// The most places to return.
    public let limit: Int
    /// How the nearest are ordered, and which places may be among them.
    public let selection: PlaceSelection

    /// Creates params measuring from a point.
    public init(
        coordinate: Coordinate, radius: Double? = nil, limit: Int = NearParams.defaultLimit,
        selection: PlaceSelection = PlaceSelection(sort: .distance)
    ) {
        self.init(coordinate: coordinate, from: nil, radius: radius, limit: limit, selection: selection)
    }

    /// Creates params measuring from the place `from`.
    public init(
        from: PlaceID, radius: Double? = nil, limit: Int = NearParams.defaultLimit,
        selection: PlaceSelection = PlaceSelection(sort: .distance)
    ) {
        self.init(coordinate: nil, from: from, radius: radius, limit: limit, selection: selection)
    }

    private init(
        coordinate: Coordinate?, from: PlaceID?, radius: Double?, limit: Int, selection: PlaceSelection
    ) {
        self.coordinate = coordinate
        self.from = from
        self.radius = radius
        self.limit = limit
        self.selection = selection
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> NearParams {
        let reader = try ParamsReader(params, allowed: keys)
        let from = try reader.placeID("from")
        let hasPoint =
            reader.value(PlaceField.latitude.text) != nil || reader.value(PlaceField.longitude.text) != nil
        if from != nil, hasPoint { throw reader.invalid("from", "cannot be given with latitude and longitude") }
        let coordinate = from == nil ? try reader.coordinate() : nil
        let radius = try reader.number("radius")
        if let radius, !(radius.isFinite && radius >= 0) {
            throw reader.invalid("radius", "must be a non-negative number")
        }
        let limit = try reader.nonNegativeInteger("limit") ?? defaultLimit
        let selection = try PlaceSelection.read(reader, defaultSort: .distance)
        return NearParams(coordinate: coordinate, from: from, radius: radius, limit: limit, selection: selection)
    }
}

extension NearParams {
    /// `places.near`.
    public static var method: Method { .near }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(PlaceField.latitude.text, number: coordinate?.latitude)
        writer.add(PlaceField.longitude.text, number: coordinate?.longitude)
        writer.add("from", id: from)
        writer.add("radius", number: radius)
        writer.add("limit", integer: limit == Self.defaultLimit ? nil : limit)
        selection.write(to: &writer, defaultSort: .distance)
        return writer.object
    }
}
