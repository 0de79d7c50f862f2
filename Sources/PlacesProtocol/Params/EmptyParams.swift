/// The params of methods that take none (`server.status`, `rpc.discover`): any key is refused.
public struct EmptyParams: Sendable, Hashable {
    /// Creates the empty params.
    public init() {}

    /// Accepts nil or the empty object; any member is "not a known parameter".
    public static func decode(_ params: JSONObject?) throws(RPCError) -> EmptyParams {
        _ = try ParamsReader(params, allowed: [])
        return EmptyParams()
    }
}
