import PlacesProtocol
import Testing

/// Texts the parser must accept, and what they mean.
@Suite struct JSONParserAcceptTests {
    static let valid: [(String, JSONValue)] = [
        ("null", .null),
        ("true", true),
        ("false", false),
        ("0", .number(JSONNumber(validatedText: "0"))),
        ("-0", .number(JSONNumber(validatedText: "-0"))),
        ("42", 42),
        ("-1", -1),
        ("1.5", .number(JSONNumber(validatedText: "1.5"))),
        ("1e5", .number(JSONNumber(validatedText: "1e5"))),
        ("1E+5", .number(JSONNumber(validatedText: "1E+5"))),
        ("-0.0e-0", .number(JSONNumber(validatedText: "-0.0e-0"))),
        ("1e400", .number(JSONNumber(validatedText: "1e400"))),
        ("123456789012345678901234567890", .number(JSONNumber(validatedText: "123456789012345678901234567890"))),
        ("\"\"", ""),
        ("\"abc\"", "abc"),
        ("\"a/b\"", "a/b"),
        ("\"\\/\"", "/"),
        ("\"\\\"\\\\\\b\\f\\n\\r\\t\"", "\"\\\u{8}\u{C}\n\r\t"),
        ("\"\\u00e9\\u00C9\"", "éÉ"),
        ("\"\\u0000\"", "\u{0}"),
        ("\"\\uD83D\\uDE00\"", "😀"),
        ("\"\\ud83d\\ude00 and \\u20AC\"", "😀 and €"),
        ("\"é😀€\u{7F}\"", "é😀€\u{7F}"),
        ("\"0123456789abcdef0123456789\\\"x\"", "0123456789abcdef0123456789\"x"),
        (
            "\"long ascii text that crosses several eight byte words\"",
            "long ascii text that crosses several eight byte words"
        ),
        ("[]", []),
        ("{}", [:]),
        (" \t\r\n[ 1 , \"x\" , null ]\n ", [1, "x", .null]),
        ("{\"a\":1,\"a\":2}", .object(JSONObject([(key: "a", value: 1), (key: "a", value: 2)]))),
        ("{\"b\":1,\"a\":2}", ["b": 1, "a": 2]),
        ("{\"a\":{\"b\":[1,{\"c\":null}]}}", ["a": ["b": [1, ["c": .null]]]]),
        ("[[[]]]", [[[]]]),
        ("{\"\":\"\"}", ["": ""]),
    ]

    @Test(arguments: valid)
    func parsesValidText(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
        #expect(try JSONParser.parse(bytes(text)) == expected)
        let fromBuffer = try bytes(text).withUnsafeBytes { buffer throws(JSONParseError) in
            try JSONParser.parse(buffer)
        }
        #expect(fromBuffer == expected)
    }

    @Test func keepsNumberTextVerbatim() throws {
        for text in ["1.0", "1e2", "-0", "0.000", "1E-07", "12345678901234567890"] {
            #expect(try JSONParser.parse(text).numberValue?.text == text)
        }
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let text = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(try JSONParser.parse(text).arrayValue != nil)
        let objects = String(repeating: "{\"a\":", count: 128) + "1" + String(repeating: "}", count: 128)
        #expect(try JSONParser.parse(objects).objectValue != nil)
        let custom = "[[1]]"
        #expect(try JSONParser.parse(bytes(custom), maximumDepth: 2) == [[1]])
    }

    @Test func readsEveryScalarEscapedAndRaw() throws {
        let samples: [Unicode.Scalar] = [
            "\u{1}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}",
            "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
        ]
        for scalar in samples {
            let escaped: String
            if scalar.value >= 0x10000 {
                let value = scalar.value - 0x10000
                let high = 0xD800 + (value >> 10)
                let low = 0xDC00 + (value & 0x3FF)
                escaped = "\"\\u\(String(high, radix: 16))\\u\(String(low, radix: 16))\""
            } else {
                let digits = String(scalar.value, radix: 16)
                escaped = "\"\\u" + String(repeating: "0", count: 4 - digits.count) + digits + "\""
            }
            #expect(try JSONParser.parse(escaped) == .string(String(scalar)))
            if scalar.value >= 0x20 {
                #expect(try JSONParser.parse("\"\(scalar)\"") == .string(String(scalar)))
            }
        }
    }

    /// A string of megabytes with escapes all through it (an export's document) reads back whole, with escaped
    /// quotes and backslashes just before its end and a value after it: the parser makes room for the rest of
    /// such a string at once, up to its closing quote.
    @Test(arguments: ["\\\"", "\\\\", "\\\\\\\"", "x"])
    func readsAStringOfMegabytesWithEscapes(ending: String) throws {
        let line = "<Placemark><name>Place</name>\\n<desc kind=\\\"a\\\">\\u00e9 and \\\\ too</desc>\\n"
        let expectedLine = "<Placemark><name>Place</name>\n<desc kind=\"a\">é and \\ too</desc>\n"
        let count = 40_000
        let text = "{\"document\":\"" + String(repeating: line, count: count) + ending + "\",\"after\":\"\\\"\"}"
        let value = try JSONParser.parse(text)
        let expectedEnding = try #require(JSONParser.parse("\"\(ending)\"").stringValue)
        #expect(value["document"]?.stringValue == String(repeating: expectedLine, count: count) + expectedEnding)
        #expect(value["after"]?.stringValue == "\"")
        #expect(text.utf8.count > 2 << 20)
    }
}
