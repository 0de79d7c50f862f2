/// The parser's cursor over one JSON text; `JSONParser` is its public face.
///
/// Bytes are read through a raw pointer that is only valid during one `JSONParser.parse` call.
struct JSONScanner {
    /// The first byte of the text.
    let base: UnsafePointer<UInt8>
    /// The number of bytes in the text.
    let count: Int
    /// The deepest nesting allowed.
    let maximumDepth: Int
    /// The offset of the next byte to read.
    var index = 0
    /// How many containers enclose the value being read.
    var depth = 0
    /// Reused storage for strings that contain escapes.
    var scratch: [UInt8] = []

    /// Creates a scanner over `count` bytes at `base`, which must stay valid while it is used.
    init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.base = base
        self.count = count
        self.maximumDepth = maximumDepth
    }

    /// Reads the whole text: one value with optional white space around it.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < count {
            throw failure("unexpected \(describeByte(at: index)) after the JSON text")
        }
        return value
    }

    /// Reads one value starting at `index` (white space already skipped).
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < count else { throw failure("unexpected end of input, expected a value") }
        switch base[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw failure("unexpected \(describeByte(at: index)), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        if index < count, base[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject())
        }
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(4)
        while true {
            guard index < count else { throw failure("unexpected end of input, expected an object key") }
            guard base[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte(at: index)), expected a string as object key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of input, expected ':'") }
            guard base[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte(at: index)), expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key: key, value: value))
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of input, expected ',' or '}'") }
            switch base[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            default:
                throw failure("unexpected \(describeByte(at: index)), expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        if index < count, base[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < count else { throw failure("unexpected end of input, expected ',' or ']'") }
            switch base[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw failure("unexpected \(describeByte(at: index)), expected ',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maximumDepth {
            throw failure("arrays and objects nest deeper than \(maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<length {
            guard index + offset < count else {
                throw JSONParseError(offset: index + offset, reason: "unexpected end of input in '\(literal)'")
            }
            guard base[index + offset] == expected[offset] else {
                throw JSONParseError(
                    offset: index + offset,
                    reason: "unexpected \(describeByte(at: index + offset)), expected '\(literal)'"
                )
            }
        }
        index += length
    }

    /// Skips RFC 8259 white space: space, tab, line feed, carriage return.
    mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// An error at the current offset.
    func failure(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    /// Names the byte at `offset` for an error message: `'x'` for printable ASCII, `byte 0xC0` otherwise.
    func describeByte(at offset: Int) -> String {
        let byte = base[offset]
        if byte >= 0x21 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let digits = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(digits.count == 1 ? "0" + digits : digits)"
    }
}
