/// The params of `places.import.add`: `token` (from `places.import.begin`) and one part of the import: places
/// as `places.import` takes them (`places`, `geojson`, `gpx`, `kml`, `csv` or `kmz`), or `text` with its
/// `format`, a piece of one document too large for a request line, whose pieces are joined in order and read when
/// the import is committed (a KMZ archive's base64 text is cut anywhere and decoded once joined). `gpxText` is a
/// piece of GPX text, as earlier clients send it.
public struct ImportAddParams: MethodParams {
    /// The key of the staged import's token.
    public static let tokenKey = "token"
    /// The key of a piece of a document's text.
    public static let textKey = "text"
    /// The key of the format of the pieces of text (`gpx` when not given).
    public static let formatKey = "format"
    /// The key of a piece of a GPX document's text, as earlier clients send it.
    public static let gpxTextKey = "gpxText"
    /// The keys the params may have.
    static let keys: [String] = [tokenKey, textKey, formatKey, gpxTextKey] + ImportParams.documentKeys

    /// What one part of a staged import holds.
    public enum Part: Sendable, Hashable {
        /// Places, unread: the daemon reads them knowing how many places the import holds already.
        case document(ImportParams.Document)
        /// The next piece of a document's text in a format.
        case text(String, ImportTextFormat)

        /// The places of a part that holds places; nil for a piece of text.
        public var document: ImportParams.Document? {
            guard case .document(let document) = self else { return nil }
            return document
        }
    }

    /// The staged import the places join.
    public let token: String
    /// The part of the import.
    public let part: Part

    /// The places of a part that holds places; nil for a piece of text.
    public var document: ImportParams.Document? { part.document }

    /// Creates params.
    public init(token: String, part: Part) {
        self.token = token
        self.part = part
    }

    /// Decodes the params; the places are read later (`ImportParams.read(_:firstIndex:maximumPlaces:readingWith:)`).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> ImportAddParams {
        let reader = try ParamsReader(params, allowed: keys)
        let token = try reader.required(tokenKey, reader.string(tokenKey))
        let pieceKeys = [textKey, gpxTextKey].filter { reader.value($0) != nil }
        guard let key = pieceKeys.first else {
            if reader.value(formatKey) != nil { throw reader.invalid(formatKey, "is given only with \(textKey)") }
            return ImportAddParams(token: token, part: .document(try .init(reading: reader)))
        }
        if let other = (pieceKeys.dropFirst() + ImportParams.documentKeys).first(where: { reader.value($0) != nil }) {
            throw reader.invalid(other, "cannot be given together with \(key)")
        }
        let text = try reader.required(key, reader.string(key))
        guard key == textKey else {
            if reader.value(formatKey) != nil { throw reader.invalid(formatKey, "is given only with \(textKey)") }
            return ImportAddParams(token: token, part: .text(text, .gpx))
        }
        let name = try reader.string(formatKey) ?? ImportTextFormat.gpx.rawValue
        guard let format = ImportTextFormat(rawValue: name) else {
            let names = ImportTextFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.invalid(formatKey, "must be one of \(names)")
        }
        return ImportAddParams(token: token, part: .text(text, format))
    }
}

extension ImportAddParams {
    /// `places.import.add`.
    public static var method: Method { .importAdd }

    /// The params object: a piece of GPX text as `gpxText`, which every daemon with staged imports reads.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(Self.tokenKey, string: token)
        switch part {
        case .document(let document): document.write(to: &writer)
        case .text(let text, .gpx): writer.add(Self.gpxTextKey, string: text)
        case .text(let text, let format):
            writer.add(Self.textKey, string: text)
            writer.add(Self.formatKey, string: format.rawValue)
        }
        return writer.object
    }
}
