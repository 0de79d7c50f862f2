/// Reads the members of a result object by its type's keys; unknown members are ignored, so that a newer daemon's
/// additions do not break an older client.
public struct ReplyReader {
    /// The result's members.
    public let object: JSONObject

    /// Reads `value`, which must be an object.
    public init(_ value: JSONValue?) throws(ReplyError) {
        guard case .object(let object)? = value else { throw .notObject }
        self.object = object
    }

    /// The member `key`, if present.
    public func value(_ key: StaticString) -> JSONValue? {
        object[key.description]
    }

    /// The member `key` as an integer, if it is one.
    public func integer(_ key: StaticString) -> Int64? {
        value(key)?.numberValue?.integerValue
    }

    /// The member `key` as a double, if it is a number.
    public func double(_ key: StaticString) -> Double? {
        value(key)?.numberValue?.double
    }

    /// The member `key` as a string, if it is one.
    public func string(_ key: StaticString) -> String? {
        value(key)?.stringValue
    }

    /// The member `key` as a Boolean, if it is one.
    public func bool(_ key: StaticString) -> Bool? {
        value(key)?.boolValue
    }

    /// The member `key` as `read` takes it, or `ReplyError.missing` naming it (as a `kind`, e.g. `count`).
    public func required<Value>(
        _ key: StaticString, _ kind: String = "", _ read: (StaticString) -> Value?
    ) throws(ReplyError) -> Value {
        guard let value = read(key) else { throw .missing(key: key.description, kind: kind) }
        return value
    }

    /// The array `key`, or `ReplyError.missing`.
    public func array(_ key: StaticString) throws(ReplyError) -> [JSONValue] {
        try required(key, "array") { value($0)?.arrayValue }
    }

    /// The places of the array `key`.
    public func places(_ key: StaticString) throws(ReplyError) -> [WirePlace] {
        try WirePlace.decode(all: array(key))
    }

    /// Reads each element of `values` with `decode`.
    public static func each<Element>(
        _ values: [JSONValue], _ decode: (JSONValue) throws(ReplyError) -> Element
    ) throws(ReplyError) -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            elements.append(try decode(value))
        }
        return elements
    }
}
