import PlacesProtocol

/// The number syntax accepted on the command line.
enum NumberSyntax {
    /// `text` as a finite Double when it is a plain decimal number (`-33.9`, `+5`, `.5`, `1e-3`).
    ///
    /// Hexadecimal floats, `inf` and `nan`, which `Double.init` would also accept, are refused.
    static func finiteDouble(_ text: String) -> Double? {
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                continue
            default:
                return nil
            }
        }
        guard sawDigit, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `value`, which must be finite, as a JSON number.
    static func json(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    /// `value` as a JSON number.
    static func json(_ value: Int64) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// A Double as people read it: shortest round-trip digits, no exponent, no `.0` on whole numbers.
    static func display(_ value: Double) -> String {
        if value == 0 {
            return "0"
        }
        var text = value.description
        if let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            text = expand(String(text[..<exponentIndex]), exponent: Int(text[text.index(after: exponentIndex)...]) ?? 0)
        }
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        return text
    }

    /// Writes `mantissa × 10^exponent` without an exponent.
    private static func expand(_ mantissa: String, exponent: Int) -> String {
        var digits = mantissa
        var sign = ""
        if digits.hasPrefix("-") {
            sign = "-"
            digits.removeFirst()
        }
        let pointOffset =
            digits.firstIndex(of: ".").map { digits.distance(from: digits.startIndex, to: $0) } ?? digits.count
        digits.removeAll { $0 == "." }
        while digits.count > 1 && digits.hasSuffix("0") {
            digits.removeLast()
        }
        let newPoint = pointOffset + exponent
        if newPoint <= 0 {
            return sign + "0." + String(repeating: "0", count: -newPoint) + digits
        }
        if newPoint >= digits.count {
            return sign + digits + String(repeating: "0", count: newPoint - digits.count)
        }
        let split = digits.index(digits.startIndex, offsetBy: newPoint)
        return sign + digits[..<split] + "." + digits[split...]
    }
}
