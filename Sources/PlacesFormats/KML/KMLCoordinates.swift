/// The `coordinates` of a KML `Point`: `longitude,latitude[,altitude]`.
enum KMLCoordinates {
    /// The longitude and latitude of the first tuple of `text`, or nil when it is not a tuple of two or three
    /// decimal numbers. Writers put white space around the tuple and sometimes after the commas; both are
    /// allowed. The altitude is checked as a number, then dropped.
    static func parse(_ text: String) -> (longitude: Double, latitude: Double)? {
        let tuple = firstTuple(of: text).utf8
        // Split at the commas by bytes (splitting the Substring would walk its characters).
        var parts: [Substring] = []
        var start = tuple.startIndex
        for index in tuple.indices where tuple[index] == UInt8(ascii: ",") {
            parts.append(Substring(tuple[start..<index]))
            start = tuple.index(after: index)
            guard parts.count < 3 else { return nil }
        }
        parts.append(Substring(tuple[start...]))
        guard parts.count == 2 || parts.count == 3 else { return nil }
        guard let longitude = decimal(parts[0]), let latitude = decimal(parts[1]) else { return nil }
        guard parts.count == 2 || decimal(parts[2]) != nil else { return nil }
        return (longitude, latitude)
    }

    /// The first white-space-separated tuple of `text`, white space next to its commas removed. (White space is
    /// ASCII, so the tuple is cut from the UTF-8 bytes.)
    private static func firstTuple(of text: String) -> Substring {
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { !KMLText.isSpace($0) }) else { return "" }
        // Most tuples have no white space inside: the tuple is then a slice of the text.
        var end = start
        while end < utf8.endIndex, !KMLText.isSpace(utf8[end]) { end = utf8.index(after: end) }
        let rest = utf8[end...]
        guard let next = rest.firstIndex(where: { !KMLText.isSpace($0) }),
            utf8[next] == UInt8(ascii: ",") || utf8[utf8.index(before: end)] == UInt8(ascii: ",")
        else { return Substring(utf8[start..<end]) }
        var tuple: [UInt8] = []
        var pendingSpace = false
        for byte in utf8[start...] {
            if KMLText.isSpace(byte) {
                pendingSpace = !tuple.isEmpty
                continue
            }
            if pendingSpace, byte != UInt8(ascii: ","), tuple.last != UInt8(ascii: ",") { break }
            pendingSpace = false
            tuple.append(byte)
        }
        return Substring(String(decoding: tuple, as: UTF8.self))
    }

    /// `text` as a decimal number, `[+-]?digits[.digits][e[+-]digits]`; nil for anything else (`nan`, `inf`,
    /// hexadecimal), which `Double(_:)` would accept.
    private static func decimal(_ text: Substring) -> Double? {
        var hasDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default: return nil
            }
        }
        guard hasDigit, let first = text.utf8.first, first != UInt8(ascii: "e"), first != UInt8(ascii: "E") else {
            return nil
        }
        return Double(text.hasPrefix("+") ? text.dropFirst() : text)
    }
}
