import PlacesProtocol
import Testing

/// Coordinates as text: read strictly, written without exponents, and read back to the same number.
@Suite struct DecimalTextTests {
    @Test(arguments: [
        (0.000001, "0.000001"), (-0.000001, "-0.000001"), (1.5e-10, "0.00000000015"), (48.8584, "48.8584"),
        (48, "48"), (-180, "-180"), (0, "0"), (0.1 + 0.2, "0.30000000000000004"), (1e16, "10000000000000000"),
        (-1.2345e-5, "-0.000012345"),
    ])
    func writesPlainDecimals(value: Double, text: String) {
        #expect(DecimalText.plain(value) == text)
        #expect(DecimalText.double(text) == value)
        var bytes: [UInt8] = Array("x".utf8)
        DecimalText.appendPlain(value, to: &bytes)
        #expect(bytes == Array(("x" + text).utf8))
    }

    @Test(arguments: ["nan", "inf", "0x1p3", "48,85", "1e", ".", "", "+-1", "1 2"])
    func refusesWhatIsNotADecimal(text: String) {
        #expect(DecimalText.double(text) == nil)
    }

    /// What the one reader of numbers (CSV fields, KML coordinates, GPX, map URLs) makes of a text: its value
    /// (the sign of a zero included) or nil, the same on a String, a Substring and UTF-8 bytes within a larger
    /// buffer.
    @Test(
        arguments: [
            ("", nil), (" ", nil), ("\t\r\n", nil), ("+", nil), ("-", nil), (".", nil), ("+.", nil), ("-.", nil),
            ("1.", 1), (".5", 0.5), ("-.5", -0.5), ("+.5", 0.5), ("+1", 1), ("-1", -1), ("007.50", 7.5), ("-0", -0.0),
            ("0", 0), ("-0.000", -0.0), ("1.5,2.5,0", nil), ("48,85", nil), ("1 2", nil), ("1. 5", nil),
            // Exponents, with either letter and a sign or none.
            ("1e5", 100_000), ("1E5", 100_000), ("1e+5", 100_000), ("1e-5", 0.00001), ("1.e2", 100), (".5e1", 5),
            ("-2.5E-1", -0.25), ("1e0", 1), ("1e", nil), ("1e+", nil), ("1e-", nil), ("e5", nil), (".e5", nil),
            ("1e5.5", nil), ("1e1e1", nil), ("1e 5", nil), ("0e999999999999999999999", 0), ("1e400", .infinity),
            ("-1e400", -.infinity), ("1e-400", 0), ("1e22", 1e22), ("1e23", 1e23), ("123456789e-22", 123456789e-22),
            // One sign at most, and nothing `Double(_:)` reads that is not a decimal.
            ("++1", nil), ("+-1", nil), ("-+1", nil), ("--1", nil), ("1-", nil), ("1+", nil), ("nan", nil),
            ("NaN", nil),
            ("-nan", nil), ("inf", nil), ("-inf", nil), ("infinity", nil), ("0x1p3", nil), ("0x10", nil),
            ("1_000", nil),
            // White space around a number, not inside it; other white space and bytes that are not ASCII refused.
            (" \t\r\n48.8584\n ", 48.8584), ("\t-1e-06\r\n", -0.000001), ("4\u{A0}", nil), ("\u{A0}4", nil),
            ("\u{2003}4", nil), ("\u{0}4", nil), ("4\u{0}", nil), ("١٢", nil), ("４", nil), ("4é", nil),
            ("4\u{301}", nil),
            // Long digit strings: the nearest Double, however many digits.
            ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
            (String(repeating: "9", count: 400), .infinity),
            ("0." + String(repeating: "0", count: 400) + "1", 0), (String(repeating: "0", count: 300) + "1.5", 1.5),
            ("1.5" + String(repeating: "0", count: 300), 1.5),
            ("123456789012345678901234567890", 1.2345678901234568e29),
            ("9007199254740993", 9007199254740992), ("-122.0822035425683", -122.0822035425683),
            ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown), ("4.9e-324", .leastNonzeroMagnitude),
            ("2.4e-324", 0),
        ] as [(String, Double?)])
    func readsDecimalsOnly(text: String, value: Double?) {
        #expect(DecimalText.double(text)?.bitPattern == value?.bitPattern, "\(text.debugDescription)")
        #expect(DecimalText.double("x\(text)y".dropFirst().dropLast())?.bitPattern == value?.bitPattern)
        let bytes = Array(text.utf8)
        let inside = ([UInt8(ascii: "9")] + bytes + [UInt8(ascii: "9")]).withUnsafeBufferPointer {
            DecimalText.double(utf8: UnsafeBufferPointer(rebasing: $0[1..<(bytes.count + 1)]))
        }
        #expect(inside?.bitPattern == value?.bitPattern, "\(text.debugDescription)")
    }

    /// Every text of up to 5 of these characters is read as `Double(_:)` reads it, or refused when it refuses it:
    /// the grammar is its decimal grammar (white space, `nan`, `inf` and hex are refused apart).
    @Test func readsWhatDoubleReadsOfDigitsSignsPointsAndExponents() {
        let alphabet = ["0", "7", "+", "-", ".", "e", "E"]
        var texts = [""]
        var differences: [String] = []
        for _ in 1...5 {
            texts = texts.flatMap { text in alphabet.map { text + $0 } }
            for text in texts where DecimalText.double(text)?.bitPattern != Double(text)?.bitPattern {
                differences.append(text)
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    /// Numbers of every length and scale, from a seeded generator: each read to the same Double as
    /// `Double(_:)` reads it, within the fast path's bounds and past them.
    @Test func readsTheSameValueAsDouble() {
        var generator = JSONFuzzTests.SplitMix(state: 0x5EED_DEC1)
        var differences: [String] = []
        for _ in 0..<20_000 {
            var text = ["", "-", "+"][Int(generator.next() % 3)]
            let digits = Int(generator.next() % 22) + 1
            let point = Int(generator.next() % UInt64(digits + 2))
            for position in 0..<digits {
                if position == point { text += "." }
                text += String(generator.next() % 10)
            }
            if point == digits { text += "." }
            if generator.next() % 3 == 0 {
                text += ["e", "E"][Int(generator.next() % 2)] + ["", "-", "+"][Int(generator.next() % 3)]
                text += String(generator.next() % 40)
            }
            if DecimalText.double(text)?.bitPattern != Double(text)?.bitPattern { differences.append(text) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    @Test func readsSignsExponentsAndSpaces() {
        #expect(DecimalText.double(" +47.5 ") == 47.5)
        #expect(DecimalText.double("1e-05") == 0.00001)
        #expect(DecimalText.double("-.5") == -0.5)
    }
}
