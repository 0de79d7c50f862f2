import PlacesModel

/// The params of `places.resolve`: `ref` (a name, the beginning of one, or 4+ hex digits of an id), `limit?`
/// (default 10, at most 100).
public struct ResolveParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = ["ref", "limit"]

    /// The most candidates returned when `limit` is not given.
    public static let defaultLimit = 10
    /// The most candidates one request may ask for.
    public static let maximumLimit = 100

    /// What names the place.
    public let reference: String
    /// The most candidates to return.
    public let limit: Int

    /// Creates params.
    public init(reference: String, limit: Int = ResolveParams.defaultLimit) {
        self.reference = reference
        self.limit = limit
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ResolveParams {
        let reader = try ParamsReader(params, allowed: keys)
        let reference = try reader.required("ref", reader.string("ref"))
        guard reference.contains(where: { !$0.isWhitespace }) else { throw reader.invalid("ref", "must not be empty") }
        guard reference.utf8.count <= 1024 else { throw reader.invalid("ref", "must be at most 1024 bytes") }
        let limit = try reader.positiveInteger("limit").map(Int.init) ?? defaultLimit
        guard limit <= maximumLimit else { throw reader.invalid("limit", "must be at most \(maximumLimit)") }
        return ResolveParams(reference: reference, limit: limit)
    }
}

extension ResolveParams {
    /// `places.resolve`.
    public static var method: Method { .resolve }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add("ref", string: reference)
        writer.add("limit", integer: limit == Self.defaultLimit ? nil : limit)
        return writer.object
    }
}
