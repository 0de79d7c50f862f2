import PlacesModel

/// Writes the documents of `places.export`: a JSON array, a GeoJSON FeatureCollection, GPX or CSV text (KML and
/// KMZ are written by `PlacesFormats`, and passed to `ExportResult` written).
public enum ExportEncoding {
    /// Writes the document alone: an array (`json`), an object (`geojson`), a string of XML (`gpx`) or CSV (`csv`);
    /// `kml` and `kmz`, written elsewhere, as an empty string.
    public static func writeDocument(
        format: ExportFormat,
        places: [Place],
        includeOwner: Bool,
        to out: inout JSONWriter
    ) {
        switch format {
        case .json:
            PlaceEncoding.write(places, includeOwner: includeOwner, to: &out)
        case .geojson:
            writeGeoJSON(places, includeOwner: includeOwner, to: &out)
        case .gpx:
            let document = gpx(places)
            document.withUnsafeBufferPointer { out.writeString(utf8: $0) }
        case .csv:
            let document = CSVExport.csv(places)
            document.withUnsafeBufferPointer { out.writeString(utf8: $0) }
        case .kml, .kmz:
            out.writeString("")
        }
    }

    /// Writes a FeatureCollection with one Point feature per place: the feature's `id` is the place's, and
    /// its properties are the place's other fields (`[longitude, latitude]` are the coordinates).
    public static func writeGeoJSON(_ places: [Place], includeOwner: Bool, to out: inout JSONWriter) {
        out.writeRaw("{\"type\":\"FeatureCollection\",\"features\":[")
        for (offset, place) in places.enumerated() {
            if offset > 0 { out.comma() }
            out.writeRaw("{\"type\":\"Feature\",\"id\":")
            out.writePlaceID(place.id)
            out.writeRaw(",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
            out.writeDouble(place.coordinate.longitude)
            out.comma()
            out.writeDouble(place.coordinate.latitude)
            out.writeRaw("]},\"properties\":{")
            PlaceEncoding.writeMembers(of: place, includeLocation: false, includeOwner: includeOwner, to: &out)
            out.writeRaw("}}")
        }
        out.writeRaw("]}")
    }

    /// The `type` that marked a visited place's waypoint in GPX before the export wrote the place's group there:
    /// still read as visited on import.
    public static let visitedType = PlaceField.visited.text

    /// The namespace of placesd's own elements in a GPX waypoint's `extensions`: `tag` (one per tag), `visited`
    /// (a place visited on an unknown date) and `visitedAt` (read on import; the export writes OsmAnd's
    /// `visited_date` instead).
    public static let gpxNamespace = "urn:placesd:gpx:1"

    /// The namespace of OsmAnd's elements in a GPX waypoint's `extensions`, as its favourites file declares it.
    public static let osmandNamespace = "https://osmand.net"

    /// A GPX 1.1 document, as UTF-8 bytes, with one waypoint per place, laid out as OsmAnd keeps its favourites:
    /// `time` is when the place was added, `type` its first tag (OsmAnd's group), and `extensions` hold OsmAnd's
    /// `visited_date` for a visited place and every tag in `gpxNamespace` (a visited place without a date gets
    /// placesd's `visited`). `places.import` reads it back to the same names, descriptions, coordinates, visited
    /// flags, visit dates and tags.
    public static func gpx(_ places: [Place]) -> [UInt8] {
        var xml = JSONWriter(capacity: 128 + places.count * 160)
        xml.writeRaw(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="placesd" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:osmand="
            """
        )
        xml.writeRaw(osmandNamespace.utf8)
        xml.writeRaw("\" xmlns:placesd=\"")
        xml.writeRaw(gpxNamespace.utf8)
        xml.writeRaw("\">\n")
        for place in places {
            xml.writeRaw("  <wpt lat=\"")
            DecimalText.appendPlain(place.coordinate.latitude, to: &xml.bytes)
            xml.writeRaw("\" lon=\"")
            DecimalText.appendPlain(place.coordinate.longitude, to: &xml.bytes)
            xml.writeRaw("\"><time>")
            xml.writeRaw(place.createdAt.description.utf8)
            xml.writeRaw("</time><name>")
            appendEscapedXML(place.name, to: &xml.bytes)
            xml.writeRaw("</name>")
            if !place.description.isEmpty {
                xml.writeRaw("<desc>")
                appendEscapedXML(place.description, to: &xml.bytes)
                xml.writeRaw("</desc>")
            }
            if let group = place.tags.first {
                xml.writeRaw("<type>")
                appendEscapedXML(group, to: &xml.bytes)
                xml.writeRaw("</type>")
            }
            if !place.tags.isEmpty || place.isVisited {
                xml.writeRaw("<extensions>")
                if place.isVisited, let visitedAt = place.visitedAt {
                    xml.writeRaw("<osmand:visited_date>")
                    xml.writeRaw(visitedAt.description.utf8)
                    xml.writeRaw("</osmand:visited_date>")
                } else if place.isVisited {
                    xml.writeRaw("<placesd:visited>true</placesd:visited>")
                }
                for tag in place.tags {
                    xml.writeRaw("<placesd:tag>")
                    appendEscapedXML(tag, to: &xml.bytes)
                    xml.writeRaw("</placesd:tag>")
                }
                xml.writeRaw("</extensions>")
            }
            xml.writeRaw("</wpt>\n")
        }
        xml.writeRaw("</gpx>\n")
        return xml.bytes
    }

    /// Escapes the five XML special characters and carriage returns (which XML readers would turn into line
    /// feeds) and replaces characters XML 1.0 cannot carry with U+FFFD, so that a GPX or KML reader gets the text
    /// back; for character data and attribute values alike.
    public static func appendEscapedXML(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            // Runs of bytes that need nothing are copied at once; the bytes that do are all below 0x80 but for
            // 0xEF, the lead byte of U+FFFE and U+FFFF.
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // Letters, digits and most punctuation lie above `>`: the common case, decided at once.
                if byte > UInt8(ascii: ">") && byte != 0xEF {
                    index += 1
                    continue
                }
                let replacement: StaticString
                var length = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&apos;"
                case UInt8(ascii: "\r"): replacement = "&#13;"
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                    index += 1
                    continue
                case 0..<0x20: replacement = "\u{FFFD}"
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE:
                    replacement = "\u{FFFD}"
                    length = 3
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                index += length
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }
}
