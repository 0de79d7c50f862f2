import PlacesProtocol

/// Recognises what a file given to `placesctl import` holds and makes the `places.import` params from it.
enum ImportDocument {
    /// The UTF-8 byte order mark some editors put first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// What the command accepts, for messages.
    static let expected =
        "expected a JSON array of places, a GeoJSON FeatureCollection, an object with a \"places\" array, or GPX"
    /// The names, lower-cased, an XML declaration may give ISO 8859-1: the one encoding besides UTF-8 that
    /// placesctl converts, since its bytes are the first 256 Unicode characters.
    static let latin1Names: Set<String> = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1"]

    /// The params for `bytes` read from `name` (`'FILE'` or `standard input`):
    /// - a JSON array: `{"places": array}`;
    /// - an object with `"type": "FeatureCollection"`: `{"geojson": object}`;
    /// - an object with a `places` array (a `places.list` result, a saved `{"places": …}`): `{"places": …}`;
    /// - a `places.export` result `{"format", "document"}`: its document, by the rules above;
    /// - XML (a `<` first): `{"gpx": text}`, for the daemon to read as GPX.
    ///
    /// Anything else is a data error naming the problem.
    static func params(from bytes: [UInt8], name: String) throws(CLIFailure) -> ImportParams.Document {
        var text = bytes[...]
        if text.starts(with: byteOrderMark) {
            text = text.dropFirst(byteOrderMark.count)
        }
        if text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") {
            return .gpx(try xmlText(text, name: name))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text))
        } catch {
            throw .data("\(name) is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        return try params(from: value, name: name)
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
            if object[ExportResult.Key.format.description] != nil,
                let document = try? ExportResult.decode(value).document
            {
                if case .string(let text) = document {
                    return .gpx(text)
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
