import PlacesProtocol

/// Recognises what a file given to `placesctl import` holds and makes the `places.import` params from it.
enum ImportDocument {
    /// The UTF-8 byte order mark some editors put first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// What the command accepts, for messages.
    static let expected =
        "expected a JSON array of places, a GeoJSON FeatureCollection or an object with a \"places\" array"

    /// The params for `bytes` read from `name` (`'FILE'` or `standard input`):
    /// - a JSON array: `{"places": array}`;
    /// - an object with `"type": "FeatureCollection"`: `{"geojson": object}`;
    /// - an object with a `places` array (a `places.list` result, a saved `{"places": …}`): `{"places": …}`;
    /// - a `places.export` result `{"format", "document"}`: its document, by the rules above.
    ///
    /// Anything else is a data error naming the problem.
    static func params(from bytes: [UInt8], name: String) throws(CLIFailure) -> JSONValue {
        var text = bytes[...]
        if text.starts(with: byteOrderMark) {
            text = text.dropFirst(byteOrderMark.count)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text))
        } catch {
            let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if first == UInt8(ascii: "<") {
                throw .data("\(name) looks like XML (GPX?), not JSON; \(expected)")
            }
            throw .data("\(name) is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        return try params(from: value, name: name)
    }

    /// The params for a parsed document.
    static func params(from value: JSONValue, name: String) throws(CLIFailure) -> JSONValue {
        switch value {
        case .array:
            return ["places": value]
        case .object(let object):
            if let type = object["type"] {
                guard type == "FeatureCollection" else {
                    throw .data("\(name) is a GeoJSON \(type.stringValue ?? type.jsonText), not a FeatureCollection")
                }
                return ["geojson": value]
            }
            if let places = object["places"] {
                guard case .array = places else {
                    throw .data("\"places\" in \(name) is not an array")
                }
                return ["places": places]
            }
            if object["format"] != nil, let document = object["document"] {
                if case .string = document {
                    throw .data("\(name) holds a GPX export, which placesctl cannot import; \(expected)")
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
