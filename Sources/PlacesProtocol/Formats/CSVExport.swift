import PlacesModel

/// Writes places as CSV (RFC 4180): a header row, then one row per place, with CRLF line ends.
///
/// The columns are `id,name,latitude,longitude,description,visited,visitedAt,tags,createdAt`, the ones
/// `CSVImport` reads back (`createdAt` is read past: the daemon stamps an imported place itself). A field is
/// quoted when it holds a comma, a quote, a line end, or white space at either end, with its quotes doubled;
/// coordinates are plain decimals (`DecimalText.plain`) that read back as the same number; `visited` is
/// `true`/`false`, dates are RFC 3339 in UTC, and tags are joined with `;` (a tag that holds a `;` is read back
/// as two).
public enum CSVExport {
    /// The header row's names, in order.
    public static let columns: [PlaceField] = [
        .id, .name, .latitude, .longitude, .description, .visited, .visitedAt, .tags, .createdAt,
    ]

    /// The document, as UTF-8 bytes without a byte order mark.
    public static func csv(_ places: [Place]) -> [UInt8] {
        var out = JSONWriter(capacity: 80 + places.count * 120)
        out.writeRaw(columns.map(\.text).joined(separator: ",").utf8)
        out.writeRaw("\r\n")
        for place in places {
            out.writeRaw(place.id.description.utf8)
            out.writeRaw(",")
            appendField(place.name, to: &out.bytes)
            out.writeRaw(",")
            DecimalText.appendPlain(place.coordinate.latitude, to: &out.bytes)
            out.writeRaw(",")
            DecimalText.appendPlain(place.coordinate.longitude, to: &out.bytes)
            out.writeRaw(",")
            appendField(place.description, to: &out.bytes)
            out.writeRaw(place.isVisited ? ",true," : ",false,")
            if let visitedAt = place.visitedAt, place.isVisited { out.writeRaw(visitedAt.description.utf8) }
            out.writeRaw(",")
            appendField(place.tags.joined(separator: ";"), to: &out.bytes)
            out.writeRaw(",")
            out.writeRaw(place.createdAt.description.utf8)
            out.writeRaw("\r\n")
        }
        return out.bytes
    }

    /// Appends `text` as one field, quoted when RFC 4180 requires it or when white space at its ends would
    /// otherwise be lost to a reader that trims.
    private static func appendField(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let needsQuotes =
            utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || utf8.first.map(isSpace) == true || utf8.last.map(isSpace) == true
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
