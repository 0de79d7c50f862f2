import PlacesProtocol

/// The `coordinates` of a KML `Point`: `longitude,latitude[,altitude]`.
enum KMLCoordinates {
    /// The longitude and latitude of the first tuple of `text`, or nil when it is not a tuple of two or three
    /// decimal numbers (as `DecimalText.double(_:)` reads them). Writers put white space around the tuple and
    /// sometimes next to the commas; both are allowed. White space elsewhere ends the tuple: a second tuple is
    /// ignored. The altitude is checked as a number, then dropped.
    static func parse(_ text: String) -> (longitude: Double, latitude: Double)? {
        var text = text
        // Read on the UTF-8 bytes (white space and the numbers' characters are ASCII): no copy of the text.
        return text.withUTF8 { utf8 in parse(tuple: UnsafeBufferPointer(rebasing: utf8[firstTuple(utf8)])) }
    }

    /// Where the first tuple of `text` is: from its first byte that is not white space to the last before white
    /// space that has no comma on either side.
    private static func firstTuple(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        while start < text.count, KMLText.isSpace(text[start]) { start += 1 }
        var end = start
        var last: UInt8 = 0
        var isAfterSpace = false
        for index in start..<text.count {
            let byte = text[index]
            if KMLText.isSpace(byte) {
                isAfterSpace = true
                continue
            }
            if isAfterSpace, byte != UInt8(ascii: ","), last != UInt8(ascii: ",") { break }
            isAfterSpace = false
            last = byte
            end = index + 1
        }
        return start..<end
    }

    /// The values of a tuple, `longitude,latitude[,altitude]`, each number with white space around it or not.
    private static func parse(tuple: UnsafeBufferPointer<UInt8>) -> (longitude: Double, latitude: Double)? {
        var values: (Double, Double) = (0, 0)
        var count = 0
        var start = 0
        for index in 0...tuple.count where index == tuple.count || tuple[index] == UInt8(ascii: ",") {
            let value = DecimalText.double(utf8: UnsafeBufferPointer(rebasing: tuple[start..<index]))
            guard count < 3, let value else { return nil }
            if count == 0 { values.0 = value } else if count == 1 { values.1 = value }
            count += 1
            start = index + 1
        }
        guard count >= 2 else { return nil }
        return (values.0, values.1)
    }
}
