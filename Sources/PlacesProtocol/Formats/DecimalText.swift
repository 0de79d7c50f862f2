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

    /// The value of the text whose UTF-8 is `bytes`, as `double(_:)` reads it, or nil when it is not such a
    /// number: read on the bytes, without making a string of them first but for the digits' own.
    public static func double(utf8 bytes: ArraySlice<UInt8>) -> Double? {
        let isSpace = { (byte: UInt8) in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        if bytes[index] == UInt8(ascii: "+") {
            // Left out of what is parsed, as `double(_:)` leaves it out.
            start += 1
            index += 1
        } else if bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        let wholeStart = index
        while index < end, isDigit(bytes[index]) { index += 1 }
        var hasDigits = index > wholeStart
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, isDigit(bytes[index]) { index += 1 }
            hasDigits = hasDigits || index > fractionStart
        }
        guard hasDigits else { return nil }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < end, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { return nil }
        }
        guard index == end else { return nil }
        return bytes[start..<end].withUnsafeBufferPointer { Double(String(decoding: $0, as: UTF8.self)) }
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
        let isSpaceByte = { (byte: UInt8) in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        // Most fields have no white space around them: then no need to walk the text's scalars.
        guard let head = text.utf8.first, let tail = text.utf8.last, isSpaceByte(head) || isSpaceByte(tail) else {
            return text
        }
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
