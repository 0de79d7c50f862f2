import PlacesProtocol

/// Recognises what a file given to `placesctl import` holds, by its content, and makes the `places.import`
/// params from it.
enum ImportDocument {
    /// The UTF-8 byte order mark some editors put first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The signature of a zip archive's first local file header, which a KMZ archive starts with.
    static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    /// What the command accepts, for messages.
    static let expected =
        "expected a JSON array of places, a GeoJSON FeatureCollection, an object with a \"places\" array, GPX, KML, "
        + "KMZ or CSV with a header row"
    /// The names, lower-cased, an XML declaration may give ISO 8859-1: the one encoding besides UTF-8 that
    /// placesctl converts, since its bytes are the first 256 Unicode characters.
    static let latin1Names: Set<String> = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1"]

    /// The params for `bytes` read from `name` (`'FILE'` or `standard input`), in `format` when given, else in the
    /// format its content shows (`detect(_:)`):
    /// - a JSON array: `{"places": array}`;
    /// - an object with `"type": "FeatureCollection"`: `{"geojson": object}`;
    /// - an object with a `places` array (a `places.list` result, a saved `{"places": …}`): `{"places": …}`;
    /// - a `places.export` result `{"format", "document"}`: its document, by the rules above;
    /// - GPX, KML and CSV: their text, for the daemon to read; KMZ: the archive as base64.
    ///
    /// Anything else is a data error naming the problem, or the formats placesctl reads.
    static func params(from bytes: [UInt8], name: String, format: ExportFormat? = nil) throws(CLIFailure)
        -> ImportParams.Document
    {
        var text = bytes[...]
        if text.starts(with: byteOrderMark) {
            text = text.dropFirst(byteOrderMark.count)
        }
        let forced = format
        // A JSON value that is neither an array nor an object (`42`) is JSON too, refused below as not a document.
        let isJSON = { (try? JSONParser.parse(Array(text))) != nil }
        guard let format = format ?? detect(text) ?? (isJSON() ? .json : nil) else {
            throw .data("\(name) is none of the formats placesd reads: \(ExportFormat.importedNames)")
        }
        switch format {
        case .gpx, .kml:
            return .text(try xmlText(text, name: name), format == .gpx ? .gpx : .kml)
        case .kmz:
            return .text(Base64.encode(bytes), .kmz)
        case .csv:
            guard let csv = String(validating: text, as: UTF8.self) else {
                throw .data("\(name) is not UTF-8 text; convert it first, e.g. with iconv -t UTF-8")
            }
            return .text(csv, .csv)
        case .json, .geojson:
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(text))
            } catch {
                throw .data("\(name) is not valid JSON: \(error.reason) at byte \(error.offset)")
            }
            let document = try params(from: value, name: name)
            if case .places = document, forced == .geojson {
                throw .data("\(name) is not a GeoJSON FeatureCollection but placesctl's own JSON (--format json)")
            }
            if case .geojson = document, forced == .json {
                throw .data("\(name) is a GeoJSON FeatureCollection, not placesctl's own JSON (--format geojson)")
            }
            return document
        }
    }

    /// The format `bytes` (after any byte order mark) show: XML (white space, then `<`) by its root element, `kml`
    /// or `gpx`; a zip archive (`PK\3\4`) is KMZ; `{` or `[` is JSON (placesctl's own or GeoJSON: the parse
    /// tells); a first line naming a column placesd recognises (`CSVHeader`) is CSV; nil otherwise.
    static func detect(_ bytes: ArraySlice<UInt8>) -> ExportFormat? {
        if bytes.starts(with: zipSignature) { return .kmz }
        if bytes.starts(with: byteOrderMark) { return detect(bytes.dropFirst(byteOrderMark.count)) }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.first(where: { !isSpace($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "<"):
            switch XMLRoot.localName(in: bytes) {
            case "kml": return .kml
            case "gpx": return .gpx
            default: return nil
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        default:
            return CSVHeader.isRecognised(bytes) ? .csv : nil
        }
    }

    /// The characters of an XML file: UTF-8, or ISO 8859-1 when its XML declaration says so; anything else is a
    /// data error (the daemon reads the text as the characters it is, whatever the declaration says).
    static func xmlText(_ bytes: ArraySlice<UInt8>, name: String) throws(CLIFailure) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        let encoding = declaredEncoding(bytes)
        if let encoding, latin1Names.contains(encoding.lowercased()) {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        let declared = encoding.map { " (its XML declaration says \($0))" } ?? ""
        throw .data(
            "\(name) is neither UTF-8 nor ISO 8859-1\(declared); convert it first, e.g. with iconv -t UTF-8")
    }

    /// The `encoding` of the XML declaration at the start of `bytes`, if it names one.
    private static func declaredEncoding(_ bytes: ArraySlice<UInt8>) -> String? {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.firstRange(of: "?>"),
            let key = head[..<end.lowerBound].firstRange(of: "encoding")
        else { return nil }
        let rest = head[key.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }

    /// The params for a parsed document.
    static func params(from value: JSONValue, name: String) throws(CLIFailure) -> ImportParams.Document {
        switch value {
        case .array:
            return .places(value)
        case .object(let object):
            if let type = object["type"] {
                guard type == "FeatureCollection" else {
                    throw .data("\(name) is a GeoJSON \(type.stringValue ?? type.jsonText), not a FeatureCollection")
                }
                return .geojson(value)
            }
            if let places = object[ImportParams.placesKey] {
                guard case .array = places else {
                    throw .data("\"places\" in \(name) is not an array")
                }
                return .places(places)
            }
            if let exported = object[ExportResult.Key.format.description]?.stringValue,
                let document = try? ExportResult.decode(value).document
            {
                if case .string(let text) = document {
                    return .text(text, ImportTextFormat(rawValue: exported) ?? .gpx)
                }
                return try params(from: document, name: name)
            }
            throw .data("\(name) is a JSON object without a \"places\" array or a \"type\"; \(expected)")
        default:
            throw .data("\(name) holds a single JSON \(kind(of: value)); \(expected)")
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "Boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
