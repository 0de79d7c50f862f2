/// Parses JSON texts strictly by RFC 8259, from bytes, into `JSONValue`s.
///
/// The parser validates UTF-8, refuses lone surrogates in `\u` escapes, raw control characters in strings,
/// leading zeros, `NaN`/`Infinity`, trailing commas and anything after the text, and limits nesting.
public enum JSONParser {
    /// How deeply arrays and objects may nest unless a caller says otherwise.
    public static let defaultMaximumDepth = 128

    /// Parses exactly one JSON text; white space around it is allowed.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        guard let address = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(offset: 0, reason: "unexpected end of input, expected a value")
        }
        var scanner = JSONScanner(
            base: address.assumingMemoryBound(to: UInt8.self),
            count: bytes.count,
            maximumDepth: maximumDepth
        )
        return try scanner.parseDocument()
    }

    /// Parses exactly one JSON text held in an array of bytes.
    public static func parse(
        _ bytes: [UInt8],
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, maximumDepth: maximumDepth) }
        }
        return try result.get()
    }

    /// Parses exactly one JSON text held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
