import PlacesProtocol

/// Text and numbers as a KML writer puts them in XML.
enum KMLEscaping {
    /// Appends `text` as XML character data or an attribute value: the five special characters as references,
    /// carriage returns too (a reader would turn them into line feeds), and characters XML 1.0 cannot carry as
    /// U+FFFD.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": bytes.append(contentsOf: "&amp;".utf8)
            case "<": bytes.append(contentsOf: "&lt;".utf8)
            case ">": bytes.append(contentsOf: "&gt;".utf8)
            case "\"": bytes.append(contentsOf: "&quot;".utf8)
            case "'": bytes.append(contentsOf: "&apos;".utf8)
            case "\r": bytes.append(contentsOf: "&#13;".utf8)
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                bytes.append(contentsOf: "\u{FFFD}".utf8)
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// Appends a coordinate in decimal notation (readers of KML expect no exponent): its shortest form that
    /// reads back as the same value, or twelve decimals for the tiny ones Swift would write with an exponent.
    static func appendCoordinate(_ value: Double, to xml: inout JSONWriter) {
        let text = value.description
        guard text.contains("e") else { return xml.writeDouble(value) }
        let scaled = Int64((value.magnitude * 1e12).rounded())
        var digits = String(scaled)
        digits = String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        guard !digits.isEmpty else { return xml.writeRaw("0") }
        xml.writeRaw(((value < 0 ? "-0." : "0.") + digits).utf8)
    }
}
