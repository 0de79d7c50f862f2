/// Appends compact JSON (no white space) to a byte buffer.
///
/// The writer keeps no state besides its bytes: callers write the structure themselves, with
/// `comma()` between the members of an object or the elements of an array, for example
/// `beginObject(); writeKey("id"); writeInt(1); comma(); writeKey("ok"); writeBool(true); endObject()`.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public var bytes: [UInt8]

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes any value.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let bool): writeBool(bool)
        case .number(let number): writeNumber(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            beginArray()
            for (offset, element) in elements.enumerated() {
                if offset > 0 { comma() }
                write(element)
            }
            endArray()
        case .object(let object):
            beginObject()
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { comma() }
                writeKey(member.key)
                write(member.value)
            }
            endObject()
        }
    }

    /// Writes a number's text as it is.
    public mutating func writeNumber(_ number: JSONNumber) {
        writeRaw(number.text.utf8)
    }

    /// Writes `true` or `false`.
    public mutating func writeBool(_ bool: Bool) {
        if bool {
            writeRaw("true")
        } else {
            writeRaw("false")
        }
    }

    /// Writes `null`.
    public mutating func writeNull() {
        writeRaw("null")
    }

    /// Writes an integer in decimal.
    public mutating func writeInt(_ value: Int64) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Writes a double in its shortest form that reads back as the same value (Swift's `description`),
    /// integers without a fraction (`48`, not `48.0`) and negative zero as `0`.
    ///
    /// JSON has no infinities or NaN: a non-finite value is written as `null`.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        // Integers below 2^53 print exactly as integers, and faster.
        if value.magnitude < 9_007_199_254_740_992 {
            let integer = Int64(value)
            if Double(integer) == value {
                writeInt(integer)
                return
            }
        }
        var text = value.description
        text.withUTF8 { utf8 in
            var length = utf8.count
            if length > 2, utf8[length - 2] == UInt8(ascii: "."), utf8[length - 1] == UInt8(ascii: "0") {
                length -= 2
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<length]))
        }
    }

    /// Writes a fixed fragment as it is, e.g. `{"jsonrpc":"2.0","id":`.
    public mutating func writeRaw(_ fragment: StaticString) {
        fragment.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes bytes as they are; they must be valid JSON in context.
    ///
    /// Inlinable so that it is specialized in every module that calls it: an array or a slice of one is then a
    /// single copy, not an append through a generic sequence.
    @inlinable
    public mutating func writeRaw(_ fragment: some Sequence<UInt8>) {
        bytes.append(contentsOf: fragment)
    }

    /// Writes `{`.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
    }

    /// Writes `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `[`.
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
    }

    /// Writes `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes `,`.
    public mutating func comma() {
        bytes.append(UInt8(ascii: ","))
    }

    /// Writes `"key":` for a fixed key, escaped like any string.
    ///
    /// A string literal argument picks `writeKey(_: String)`, which writes the same bytes.
    public mutating func writeKey(_ key: StaticString) {
        key.withUTF8Buffer { writeString(utf8: $0) }
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"key":`, escaping the key as a string.
    public mutating func writeKey(_ key: String) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }
}
