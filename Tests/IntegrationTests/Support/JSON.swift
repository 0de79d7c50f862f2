import Foundation

/// A JSON value as the tests build requests from and read replies into.
///
/// Replies are parsed with Foundation's `JSONSerialization`, which also checks that the daemon writes valid JSON.
enum JSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object.
    case object([String: JSON])

    /// Parses one JSON text (any value at the top level).
    init(parsing bytes: [UInt8]) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw TestFailure("Not valid JSON: \(String(decoding: bytes, as: UTF8.self).debugDescription): \(error)")
        }
        self = try JSON(foundation: object)
    }

    /// Parses one JSON text.
    init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    private init(foundation value: Any) throws {
        switch value {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // JSONSerialization yields booleans as NSNumber with objCType "c".
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(try array.map { try JSON(foundation: $0) })
        case let dictionary as [String: Any]:
            self = .object(try dictionary.mapValues { try JSON(foundation: $0) })
        default:
            throw TestFailure("Unexpected JSONSerialization value \(value)")
        }
    }

    /// The member named `key`, if this is an object that has it.
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index`, if this is an array that long.
    subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an integer, if this is an integral number.
    var int: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 { return Int(value) }
        return nil
    }

    /// The Boolean, if this is one.
    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    var object: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    var isNull: Bool { self == .null }

    /// Compact JSON text with sorted keys, for requests and for messages.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null:
            out += "null"
        case .bool(let value):
            out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += "\(value)"
            }
        case .string(let value):
            JSON.writeString(value, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSON.writeString(key, to: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSON: CustomStringConvertible {
    /// The compact JSON text.
    var description: String { text }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integral number.
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object.
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
