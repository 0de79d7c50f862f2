/// The `coordinates` of a KML `Point`: `longitude,latitude[,altitude]`.
enum KMLCoordinates {
    /// The longitude and latitude of the first tuple of `text`, or nil when it is not a tuple of two or three
    /// decimal numbers. Writers put white space around the tuple and sometimes after the commas; both are
    /// allowed. The altitude is checked as a number, then dropped.
    static func parse(_ text: String) -> (longitude: Double, latitude: Double)? {
        var text = text
        // Read from the UTF-8 bytes (white space and the numbers' characters are ASCII): no copy of the text.
        return text.withUTF8 { utf8 in
            guard let start = utf8.firstIndex(where: { !KMLText.isSpace($0) }) else { return nil }
            var end = start
            while end < utf8.endIndex, !KMLText.isSpace(utf8[end]) { end += 1 }
            let next = utf8[end...].firstIndex { !KMLText.isSpace($0) }
            // Most tuples have no white space inside: the tuple is then the first run of the text.
            guard let next, utf8[next] == UInt8(ascii: ",") || utf8[end - 1] == UInt8(ascii: ",") else {
                return parse(tuple: UnsafeBufferPointer(rebasing: utf8[start..<end]))
            }
            let tuple = joined(UnsafeBufferPointer(rebasing: utf8[start...]))
            return tuple.withUnsafeBufferPointer { parse(tuple: $0) }
        }
    }

    /// The values of a tuple without white space, `longitude,latitude[,altitude]`.
    private static func parse(tuple: UnsafeBufferPointer<UInt8>) -> (longitude: Double, latitude: Double)? {
        var values: (Double, Double) = (0, 0)
        var count = 0
        var start = 0
        for index in 0...tuple.count where index == tuple.count || tuple[index] == UInt8(ascii: ",") {
            guard count < 3, let value = decimal(UnsafeBufferPointer(rebasing: tuple[start..<index])) else {
                return nil
            }
            if count == 0 { values.0 = value } else if count == 1 { values.1 = value }
            count += 1
            start = index + 1
        }
        guard count >= 2 else { return nil }
        return (values.0, values.1)
    }

    /// The first tuple of `text` (which starts with it), white space next to its commas removed, up to the white
    /// space that ends it.
    private static func joined(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var tuple: [UInt8] = []
        var pendingSpace = false
        for byte in text {
            if KMLText.isSpace(byte) {
                pendingSpace = !tuple.isEmpty
                continue
            }
            if pendingSpace, byte != UInt8(ascii: ","), tuple.last != UInt8(ascii: ",") { break }
            pendingSpace = false
            tuple.append(byte)
        }
        return tuple
    }

    /// `bytes` as a decimal number, `[+-]?digits[.digits][e[+-]digits]`; nil for anything else (`nan`, `inf`,
    /// hexadecimal), which `Double(_:)` would accept.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var hasDigit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default: return nil
            }
        }
        guard hasDigit, let first = bytes.first, first != UInt8(ascii: "e"), first != UInt8(ascii: "E") else {
            return nil
        }
        // A number's text is short: a String of up to 15 bytes is held inline, without an allocation.
        let digits = first == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
        return Double(String(decoding: digits, as: UTF8.self))
    }
}
