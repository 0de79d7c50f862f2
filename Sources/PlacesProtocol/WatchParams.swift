/// The params of `places.watch`: `allUsers?`.
public struct WatchParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = ["allUsers"]

    /// Whether an admin watches every user's places.
    public let allUsers: Bool

    /// Creates params.
    public init(allUsers: Bool = false) {
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> WatchParams {
        let reader = try ParamsReader(params, allowed: keys)
        return WatchParams(allUsers: try reader.bool("allUsers") ?? false)
    }
}

extension WatchParams {
    /// `places.watch`.
    public static var method: Method { .watch }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
