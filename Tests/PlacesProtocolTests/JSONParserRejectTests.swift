import PlacesProtocol
import Testing

/// Texts the parser must refuse, and where it says the problem is.
@Suite struct JSONParserRejectTests {
    /// Invalid texts and the offset the error must point at.
    static let invalid: [(String, Int)] = [
        ("", 0),
        ("   ", 3),
        ("nul", 3),
        ("nulL", 3),
        ("tru", 3),
        ("True", 0),
        ("NaN", 0),
        ("Infinity", 0),
        ("-Infinity", 1),
        ("+1", 0),
        ("01", 1),
        ("-01", 2),
        ("00", 1),
        ("1.", 2),
        (".5", 0),
        ("1.e5", 2),
        ("1e", 2),
        ("1e+", 3),
        ("-", 1),
        ("0x10", 1),
        ("1 2", 2),
        ("[1,]", 3),
        ("[1,,2]", 3),
        ("[,1]", 1),
        ("{\"a\":1,}", 7),
        ("{,}", 1),
        ("{\"a\" 1}", 5),
        ("{\"a\":}", 5),
        ("{a:1}", 1),
        ("{'a':1}", 1),
        ("{1:1}", 1),
        ("'x'", 0),
        ("\"abc", 0),
        ("[\"abc", 1),
        ("\"\\x\"", 1),
        ("\"\\u12\"", 3),
        ("\"\\u00G0\"", 5),
        ("\"\\uD800\"", 1),
        ("\"\\uDC00\"", 1),
        ("\"\\uD800\\u0041\"", 1),
        ("\"\\uD800x\"", 1),
        ("\"\\uDE00\\uD83D\"", 1),
        ("\"a\nb\"", 2),
        ("\"\t\"", 1),
        ("\"\u{1F}\"", 1),
        ("[] []", 3),
        ("{}x", 2),
        ("[1] ,", 4),
        ("[1", 2),
        ("[1 2]", 3),
        ("{\"a\":1", 6),
        ("[", 1),
        ("{", 1),
        ("]", 0),
        ("\"\\", 2),
        ("1\u{0}", 1),
    ]

    @Test(arguments: invalid)
    func refusesInvalidText(text: String, offset: Int) {
        let error = parseFailure(bytes(text))
        #expect(error?.offset == offset, "\(text.debugDescription): \(String(describing: error))")
    }

    /// Byte sequences that are not UTF-8 (inside and outside strings) and where the error must point.
    static let invalidUTF8: [([UInt8], Int)] = [
        ([0x22, 0xC0, 0x80, 0x22], 1),  // overlong NUL
        ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong 3-byte
        ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),  // overlong 4-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded high surrogate
        ([0x22, 0xED, 0xBF, 0xBF, 0x22], 1),  // encoded low surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),
        ([0x22, 0xFF, 0x22], 1),
        ([0x22, 0xFE, 0x22], 1),
        ([0x22, 0x80, 0x22], 1),  // lone continuation byte
        ([0x22, 0xBF, 0x22], 1),
        ([0x22, 0xE2, 0x82, 0x22], 1),  // truncated, then the quote
        ([0x22, 0xC3, 0x22], 1),
        ([0x22, 0xF0, 0x9F, 0x98, 0x22], 1),
        ([0x22, 0xE2, 0x82], 1),  // truncated at the end of input
        ([0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xC3, 0x28, 0x22], 9),  // after a fast-scanned word
        ([0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], 3),  // in a string with escapes
        ([0xC3, 0xA9], 0),  // outside a string
        ([0xEF, 0xBB, 0xBF, 0x31], 0),  // byte order mark
        ([0x5B, 0x31, 0x2C, 0xFF, 0x5D], 3),
    ]

    @Test(arguments: invalidUTF8)
    func refusesInvalidUTF8(input: [UInt8], offset: Int) {
        let error = parseFailure(input)
        #expect(error?.offset == offset, "\(input): \(String(describing: error))")
    }

    @Test func refusesNestingBeyondTheLimit() {
        let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        let error = parseFailure(bytes(deep))
        #expect(error?.offset == 128)
        #expect(error?.reason.contains("128") == true)
        let objects = String(repeating: "{\"a\":", count: 129) + "1" + String(repeating: "}", count: 129)
        #expect(parseFailure(bytes(objects)) != nil)
        #expect(parseFailure(bytes("[[[1]]]"), maximumDepth: 2)?.offset == 2)
        // A hostile depth fails fast instead of exhausting the stack.
        #expect(parseFailure(Array(repeating: UInt8(ascii: "["), count: 1_000_000)) != nil)
    }

    @Test func describesTheProblem() {
        #expect(
            parseFailure(bytes("[1,]"))?.description
                == "invalid JSON at byte 3: unexpected character ']', expected a value")
        #expect(parseFailure([0x22, 0xC0, 0x80, 0x22])?.reason.contains("UTF-8") == true)
        #expect(parseFailure(bytes("\"\\uD800\""))?.reason.contains("surrogate") == true)
        #expect(parseFailure(bytes("01"))?.reason == "leading zero in a number")
        #expect(parseFailure(bytes("\"a\u{1}\""))?.reason.contains("control character") == true)
    }
}
