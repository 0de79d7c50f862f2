import PlacesModel

/// The params of `places.history`: `id?`, `limit?` (1 to 1000, default 20).
public struct HistoryParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.id.text, limitKey]
    /// The key of `limit`.
    public static let limitKey = "limit"
    /// The changes listed when no limit is given.
    public static let defaultLimit = 20
    /// The most changes one request lists.
    public static let maximumLimit = 1_000

    /// The place whose changes are asked for; nil for every place.
    public let id: PlaceID?
    /// The most changes to list, newest first.
    public let limit: Int

    /// Creates params.
    public init(id: PlaceID? = nil, limit: Int = defaultLimit) {
        self.id = id
        self.limit = limit
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> HistoryParams {
        let reader = try ParamsReader(params, allowed: keys)
        let limit = try reader.positiveInteger(limitKey) ?? Int64(defaultLimit)
        guard limit <= Int64(maximumLimit) else {
            throw reader.invalid(limitKey, "must be at most \(maximumLimit)")
        }
        return HistoryParams(id: try reader.placeID(PlaceField.id.text), limit: Int(limit))
    }
}

extension HistoryParams {
    /// `places.history`.
    public static var method: Method { .history }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(PlaceField.id.text, id: id)
        writer.add(Self.limitKey, integer: limit == Self.defaultLimit ? nil : limit)
        return writer.object
    }
}
