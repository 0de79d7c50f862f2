/// The `coordinates` of a KML `Point`: `longitude,latitude[,altitude]`.
enum KMLCoordinates {
    /// The longitude and latitude of the first tuple of `text`, or nil when it is not a tuple of two or three
    /// decimal numbers. Writers put white space around the tuple and sometimes after the commas; both are
    /// allowed. The altitude is checked as a number, then dropped.
    static func parse(_ text: String) -> (longitude: Double, latitude: Double)? {
        let tuple = firstTuple(of: text)
        let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var numbers: [Double] = []
        for part in parts {
            guard let number = decimal(part) else { return nil }
            numbers.append(number)
        }
        return (numbers[0], numbers[1])
    }

    /// The first white-space-separated tuple of `text`, white space next to its commas removed.
    private static func firstTuple(of text: String) -> String {
        var tuple = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if KMLText.isSpace(scalar) {
                pendingSpace = !tuple.isEmpty
                continue
            }
            if pendingSpace, scalar != ",", tuple.last != "," { break }
            pendingSpace = false
            tuple.append(scalar)
        }
        return String(tuple)
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
