/// The params of `places.import.add`: `token` (from `places.import.begin`) and one part of the import: places
/// as `places.import` takes them (`places`, `geojson` or `gpx`), or `gpxText`, a piece of one GPX document too
/// large for a request line, whose pieces are joined in order and read when the import is committed.
public struct ImportAddParams: MethodParams {
    /// The key of the staged import's token.
    public static let tokenKey = "token"
    /// The key of a piece of a GPX document's text.
    public static let gpxTextKey = "gpxText"
    /// The keys the params may have.
    static let keys: [String] = [tokenKey, gpxTextKey] + ImportParams.documentKeys

    /// What one part of a staged import holds.
    public enum Part: Sendable, Hashable {
        /// Places, unread: the daemon reads them knowing how many places the import holds already.
        case document(ImportParams.Document)
        /// The next piece of a GPX document's text.
        case gpxText(String)

        /// The places of a part that holds places; nil for a piece of GPX text.
        public var document: ImportParams.Document? {
            guard case .document(let document) = self else { return nil }
            return document
        }
    }

    /// The staged import the places join.
    public let token: String
    /// The part of the import.
    public let part: Part

    /// The places of a part that holds places; nil for a piece of GPX text.
    public var document: ImportParams.Document? { part.document }

    /// Creates params.
    public init(token: String, part: Part) {
        self.token = token
        self.part = part
    }

    /// Decodes the params; the places are read later (`ImportParams.places(in:firstIndex:maximumPlaces:…)`).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportAddParams {
        let reader = try ParamsReader(params, allowed: keys)
        let token = try reader.required(tokenKey, reader.string(tokenKey))
        guard let text = try reader.string(gpxTextKey) else {
            return ImportAddParams(token: token, part: .document(try .init(reading: reader)))
        }
        if let other = ImportParams.documentKeys.first(where: { reader.value($0) != nil }) {
            throw reader.invalid(other, "cannot be given together with \(gpxTextKey)")
        }
        return ImportAddParams(token: token, part: .gpxText(text))
    }
}

extension ImportAddParams {
    /// `places.import.add`.
    public static var method: Method { .importAdd }

    /// The params object.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.tokenKey, string: token)
        switch part {
        case .document(let document): document.write(to: &writer)
        case .gpxText(let text): writer.add(Self.gpxTextKey, string: text)
        }
        return writer.object
    }
}
