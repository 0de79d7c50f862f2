/// Reads the coordinates that text formats write as decimals (CSV fields, KML coordinates, GPX attributes, map
/// URLs).
public enum DecimalText {
    /// The value of `text` when it is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` with optional
    /// white space (space, tab, line feed, carriage return) around it; nil otherwise, so that `nan`, `inf`, hex,
    /// a second sign and a decimal comma are refused. Read on its UTF-8, as `double(utf8:)` reads it.
    public static func double(_ text: Substring) -> Double? {
        var text = text
        return text.withUTF8 { double(utf8: $0) }
    }

    /// The value of `text`, as `double(_:)` reads it.
    public static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { double(utf8: $0) }
    }

    /// The value of the text whose UTF-8 is `bytes` when it is a decimal number as `double(_:)` describes it, or
    /// nil: the one reader of the decimals of CSV, KML, GPX and map URLs. The value is the `Double` nearest to the
    /// decimal, as `Double(_:)` reads it. A number whose digits make an integer of at most 2^53 (any 15 digits,
    /// most 16) that its point and exponent scale by at most 22 powers of ten, as almost every coordinate, is
    /// worked out from its digits with one multiplication or division, without making a string; any other is
    /// handed to `Double(_:)`.
    public static func double(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var significand = Significand()
        // The power of ten the significand is scaled by.
        var scale = 0
        let wholeStart = index
        while index < end, let digit = digit(bytes[index]) {
            significand.append(digit)
            index += 1
        }
        var hasDigits = index > wholeStart
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, let digit = digit(bytes[index]) {
                significand.append(digit)
                scale -= 1
                index += 1
            }
            hasDigits = hasDigits || index > fractionStart
        }
        guard hasDigits else { return nil }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            let isNegativeExponent = index < end && bytes[index] == UInt8(ascii: "-")
            if index < end, isNegativeExponent || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            var exponent = 0
            while index < end, let digit = digit(bytes[index]) {
                // Past this, the number is zero, infinite or read by `Double(_:)` anyway.
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else { return nil }
            scale += isNegativeExponent ? -exponent : exponent
        }
        guard index == end else { return nil }
        if significand.value == 0 { return isNegative ? -0.0 : 0.0 }
        guard !significand.isTruncated, significand.value <= 1 << 53, scale >= -22, scale <= 22 else {
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        // Both operands are exact (an integer of at most 2^53, a power of ten of at most 10^22), so the one
        // rounding of the multiplication or division gives the nearest `Double` (Clinger's fast path).
        let magnitude = Double(significand.value)
        let value = scale < 0 ? magnitude / powersOfTen[-scale] : magnitude * powersOfTen[scale]
        return isNegative ? -value : value
    }

    /// `value` as a plain decimal, with as many digits as it takes to read back the same number and no exponent
    /// (`0.000001`, not `1e-06`): GPX's `xsd:decimal` has none, and some CSV readers misread one. Integers are
    /// written without a fraction (`48`).
    public static func plain(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        guard let exponentMark = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: exponentMark)...].drop { $0 == "+" })
        else { return text }
        let mantissa = text[..<exponentMark]
        let isNegative = mantissa.hasPrefix("-")
        let unsigned = isNegative ? mantissa.dropFirst() : mantissa
        let digits = unsigned.filter { $0 != "." }
        let point =
            (unsigned.firstIndex(of: ".").map { unsigned.distance(from: unsigned.startIndex, to: $0) }
                ?? unsigned.count) + exponent
        var plain: String
        if point <= 0 {
            plain = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            plain = digits + String(repeating: "0", count: point - digits.count)
        } else {
            plain = digits.prefix(point) + "." + digits.dropFirst(point)
        }
        if plain.contains(".") {
            while plain.hasSuffix("0") { plain.removeLast() }
            if plain.hasSuffix(".") { plain.removeLast() }
        }
        return isNegative ? "-" + plain : plain
    }

    /// Appends `plain(value)` to `bytes`: the coordinates of every text format placesd writes (GPX, KML, CSV).
    public static func appendPlain(_ value: Double, to bytes: inout [UInt8]) {
        var text = value.description
        let isPlain = text.withUTF8 { utf8 in
            guard !utf8.contains(UInt8(ascii: "e")) else { return false }
            var length = utf8.count
            if length > 2, utf8[length - 2] == UInt8(ascii: "."), utf8[length - 1] == UInt8(ascii: "0") { length -= 2 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<length]))
            return true
        }
        if !isPlain { bytes.append(contentsOf: plain(value).utf8) }
    }

    /// `text` without XML and CSV white space (space, tab, line feed, carriage return) around it.
    public static func trimmed(_ text: Substring) -> Substring {
        // Most fields have no white space around them: then no need to walk the text's scalars.
        guard let head = text.utf8.first, let tail = text.utf8.last, isSpace(head) || isSpace(tail) else {
            return text
        }
        let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return Substring(scalars[first...last])
    }

    /// The significant digits of a decimal as an integer, while there are at most 19 of them (leading zeros are
    /// not counted).
    private struct Significand {
        /// The digits appended, but for those past the 19th.
        var value: UInt64 = 0
        /// How many digits `value` holds.
        var digits = 0
        /// Whether digits were left out of `value`.
        var isTruncated = false

        @inline(__always) mutating func append(_ digit: UInt8) {
            guard digits < 19 else {
                isTruncated = true
                return
            }
            value = value &* 10 &+ UInt64(digit)
            if value != 0 { digits += 1 }
        }
    }

    /// 10^0 through 10^22, the powers of ten a `Double` holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// The value of `byte` when it is an ASCII digit.
    @inline(__always) private static func digit(_ byte: UInt8) -> UInt8? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }

    /// Whether `byte` is XML and CSV white space: space, tab, line feed or carriage return.
    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
