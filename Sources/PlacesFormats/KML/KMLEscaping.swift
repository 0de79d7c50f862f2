import PlacesProtocol

/// Numbers as a KML writer puts them in XML (text goes through `ExportEncoding.appendEscapedXML`).
enum KMLEscaping {
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
