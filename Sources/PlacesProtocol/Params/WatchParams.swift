/// The params of `places.watch`: `allUsers?`, `since?`.
public struct WatchParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = ["allUsers", sinceKey]
    /// The key of `since`, which a refusal of it names.
    public static let sinceKey = "since"

    /// Whether an admin watches every user's places.
    public let allUsers: Bool
    /// The revision to resume after (the caller's, or the store's with `allUsers`): the changes after it come from
    /// the change log instead of a snapshot; nil for a snapshot.
    public let since: Int64?

    /// Creates params.
    public init(allUsers: Bool = false, since: Int64? = nil) {
        self.allUsers = allUsers
        self.since = since
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> WatchParams {
        let reader = try ParamsReader(params, allowed: keys)
        return WatchParams(
            allUsers: try reader.bool("allUsers") ?? false,
            since: try reader.nonNegativeInteger(sinceKey).map(Int64.init))
    }
}

extension WatchParams {
    /// `places.watch`.
    public static var method: Method { .watch }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add("allUsers", flag: allUsers)
        writer.add(Self.sinceKey, integer: since)
        return writer.object
    }
}
