/// The params of `places.import.abort`: `token`, the staged import to drop.
public struct ImportAbortParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [ImportAddParams.tokenKey]

    /// The staged import to drop.
    public let token: String

    /// Creates params.
    public init(token: String) {
        self.token = token
    }

    /// Decodes and validates the params.
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportAbortParams {
        let reader = try ParamsReader(params, allowed: keys)
        return ImportAbortParams(
            token: try reader.required(ImportAddParams.tokenKey, reader.string(ImportAddParams.tokenKey)))
    }
}

extension ImportAbortParams {
    /// `places.import.abort`.
    public static var method: Method { .importAbort }

    /// The params object.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(ImportAddParams.tokenKey, string: token)
        return writer.object
    }
}
