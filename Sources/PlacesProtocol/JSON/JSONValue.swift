/// A JSON text's value, as RFC 8259 defines it.
///
/// Numbers keep the exact characters they were written with, so a request's
/// `id` is echoed back with the same type and value.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object(JSONObject)
}

/// A JSON number as written in the text (e.g. `-12.5e3`), with conversions.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's characters as they appeared in the JSON text.
    public let text: String

    /// Wraps number text that is already known to be valid JSON.
    public init(validatedText text: String) {
        self.text = text
    }

    /// The number as a Double (may be infinite for huge exponents).
    public var double: Double? { Double(text) }

    /// The number as an Int64 when it is an integer that fits, written without fraction or exponent.
    public var int64: Int64? { Int64(text) }

    /// The number text.
    public var description: String { text }
}

/// A JSON object's members, in the order they were written; duplicate keys are kept.
public struct JSONObject: Sendable, Hashable {
    /// The members as written.
    public var members: [(key: String, value: JSONValue)]

    /// Creates an object from its members.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// Compares member lists in order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
