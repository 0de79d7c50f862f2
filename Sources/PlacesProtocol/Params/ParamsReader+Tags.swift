import PlacesModel

extension ParamsReader {
    /// `value` as an array of strings (tags, before their rules are checked), or the error for `field` or the
    /// element that is not a string (`field[i]`); with `allowingOne`, a lone string is an array of one.
    static func strings(
        _ value: JSONValue, field: @autoclosure () -> String, allowingOne: Bool = false
    ) throws(RPCError) -> [String] {
        switch value {
        case .string(let one) where allowingOne:
            return [one]
        case .array(let elements):
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                guard case .string(let string) = element else {
                    throw invalid("\(field())[\(offset)]", "must be a string")
                }
                strings.append(string)
            }
            return strings
        default:
            throw invalid(
                field(), allowingOne ? "must be a string or an array of strings" : "must be an array of strings")
        }
    }

    /// An array of strings, if given.
    func strings(_ key: String, allowingOne: Bool = false) throws(RPCError) -> [String]? {
        guard let value = value(key) else { return nil }
        return try Self.strings(value, field: fieldPrefix + key, allowingOne: allowingOne)
    }

    /// `value` as an RFC 3339 timestamp or a full date, or the error for `field`.
    static func timestamp(_ value: JSONValue, field: @autoclosure () -> String) throws(RPCError) -> Timestamp {
        guard case .string(let text) = value, let timestamp = Timestamp(rfc3339: text) else {
            throw invalid(field(), "must be an RFC 3339 timestamp or a date such as \"2026-06-01\"")
        }
        return timestamp
    }
}

extension ParamsWriter {
    /// Adds an array of strings, when given.
    mutating func add(_ key: String, strings: [String]?) {
        add(key, strings.map { JSONValue.array($0.map(JSONValue.string)) })
    }

    /// Adds a timestamp in its RFC 3339 form, when given.
    mutating func add(_ key: String, timestamp: Timestamp?) {
        add(key, string: timestamp?.description)
    }
}
