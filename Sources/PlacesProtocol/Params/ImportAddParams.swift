/// The params of `places.import.add`: `token` (from `places.import.begin`) and one part of the import's places,
/// as `places.import` takes them (`places`, `geojson` or `gpx`).
public struct ImportAddParams: MethodParams {
    /// The key of the staged import's token.
    public static let tokenKey = "token"
    /// The keys the params may have.
    static let keys: [String] = [tokenKey] + ImportParams.documentKeys

    /// The staged import the places join.
    public let token: String
    /// The part of the import, unread: the daemon reads it knowing how many places the import holds already.
    public let document: ImportParams.Document

    /// Creates params.
    public init(token: String, document: ImportParams.Document) {
        self.token = token
        self.document = document
    }

    /// Decodes the params; the places are read later (`ImportParams.places(in:firstIndex:maximumPlaces:…)`).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportAddParams {
        let reader = try ParamsReader(params, allowed: keys)
        return ImportAddParams(
            token: try reader.required(tokenKey, reader.string(tokenKey)), document: try .init(reading: reader))
    }
}

extension ImportAddParams {
    /// `places.import.add`.
    public static var method: Method { .importAdd }

    /// The params object.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.tokenKey, string: token)
        document.write(to: &writer)
        return writer.object
    }
}
