/// Reads the coordinates that text formats write as decimals (GPX attributes, CSV fields, map URLs).
public enum DecimalText {
    /// The value of `text` when it is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` with optional
    /// white space (space, tab, line feed, carriage return) around it; nil otherwise, so that `nan`, `inf`, hex and
    /// a decimal comma are refused.
    public static func double(_ text: Substring) -> Double? {
        let number = trimmed(text)
        guard isDecimal(number) else { return nil }
        return Double(number.first == "+" ? number.dropFirst() : number)
    }

    /// The value of `text`, as `double(_:)` reads it.
    public static func double(_ text: String) -> Double? {
        double(text[...])
    }

    /// `text` without XML and CSV white space (space, tab, line feed, carriage return) around it.
    public static func trimmed(_ text: Substring) -> Substring {
        let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return Substring(scalars[first...last])
    }

    /// Whether `text` is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    private static func isDecimal(_ text: Substring) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit)
            bytes = bytes.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let exponent = bytes.first, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            bytes = bytes.dropFirst(digits.count)
        }
        return bytes.isEmpty
    }
}
