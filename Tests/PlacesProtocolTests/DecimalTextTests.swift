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

    /// Read on UTF-8 bytes, a number is what it is read as text, and what is no number is nil.
    @Test(arguments: [
        "48.8584", " +47.5 ", "\t-1e-06\r\n", "-.5", "5.", "1E+3", "0", "-0", "007.50", "1e400",
        "2.2250738585072014e-308", "0.30000000000000004", "nan", "inf", "0x1p3", "48,85", "1e", ".", "", " ", "+-1",
        "1 2", "-", "+", "e5", "1e+", "1.2.3", "١٢", "4\u{A0}",
    ])
    func readsBytesAsItReadsText(text: String) {
        let bytes = Array(text.utf8)
        #expect(DecimalText.double(utf8: bytes[...]) == DecimalText.double(text))
        #expect(DecimalText.double(utf8: ([0x41] + bytes + [0x41])[1..<(bytes.count + 1)]) == DecimalText.double(text))
    }

    @Test func readsSignsExponentsAndSpaces() {
        #expect(DecimalText.double(" +47.5 ") == 47.5)
        #expect(DecimalText.double("1e-05") == 0.00001)
        #expect(DecimalText.double("-.5") == -0.5)
    }
}
