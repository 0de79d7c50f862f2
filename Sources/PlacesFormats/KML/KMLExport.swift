import PlacesModel
import PlacesProtocol

/// Writes places as a KML 2.2 document.
///
/// Each place is a `Placemark` on a line of its own with, in the order KML's schema wants them, its `name`, its
/// `description` (see `KMLDescription`), `ExtendedData` holding its `id`, `visited` when it was visited (a
/// placemark without it reads back as not visited), `visitedAt` when it has one, and `tags` (separated by `;`, see
/// `KMLTagList`, written even when empty, so that import takes them over folder names), and a `Point`.
/// With `groupByTag`, a place with tags sits in a `Folder` named after its first tag (folders in the order of
/// `TagRules`), and untagged places at the top of the `Document`.
public enum KMLExport {
    /// The namespace written: KML 2.2 as OGC publishes it.
    static let namespace = "http://www.opengis.net/kml/2.2"

    /// A KML document, as UTF-8 bytes, with one Placemark per place; with `groupByTag`, each place in the
    /// Folder of its first tag.
    public static func kml(_ places: [Place], groupByTag: Bool) -> [UInt8] {
        var xml = JSONWriter(capacity: estimatedBytes(places))
        write(places, groupByTag: groupByTag, to: &xml, as: KMLOutput(isJSONString: false))
        return xml.bytes
    }

    /// Writes the document `kml(_:groupByTag:)` makes as a JSON string, in its quotes, escaped as
    /// `JSONWriter.writeString` escapes: straight into a reply, without the document's bytes made apart first.
    public static func writeJSONString(_ places: [Place], groupByTag: Bool, to out: inout JSONWriter) {
        out.bytes.reserveCapacity(out.bytes.count + estimatedBytes(places))
        out.writeRaw("\"")
        write(places, groupByTag: groupByTag, to: &out, as: KMLOutput(isJSONString: true))
        out.writeRaw("\"")
    }

    /// About the size of the document, a little more for most places: the markup of a placemark and its texts.
    private static func estimatedBytes(_ places: [Place]) -> Int {
        places.reduce(256) { total, place in
            total + 260 + place.name.utf8.count + place.description.utf8.count
                + place.tags.reduce(0) { $0 + $1.utf8.count + 1 }
        }
    }

    /// Writes the whole document.
    private static func write(_ places: [Place], groupByTag: Bool, to xml: inout JSONWriter, as output: KMLOutput) {
        output.escaped("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"", to: &xml)
        xml.writeRaw(namespace.utf8)
        output.escaped("\">\n<Document>\n", to: &xml)
        if groupByTag {
            var folders: [String: [Place]] = [:]
            for place in places {
                guard let tag = place.tags.first else {
                    write(place, to: &xml, as: output)
                    continue
                }
                folders[tag, default: []].append(place)
            }
            for tag in TagRules.canonical(Array(folders.keys)) {
                xml.writeRaw("<Folder><name>")
                output.text(tag, to: &xml)
                xml.writeRaw("</name>")
                output.lineEnd(to: &xml)
                for place in folders[tag]! { write(place, to: &xml, as: output) }
                xml.writeRaw("</Folder>")
                output.lineEnd(to: &xml)
            }
        } else {
            for place in places { write(place, to: &xml, as: output) }
        }
        output.escaped("</Document>\n</kml>\n", to: &xml)
    }

    /// Writes one place's `Placemark`, on a line of its own. Attribute values are quoted with `'`, which a JSON
    /// string carries as it is (a `"` takes an escape there).
    private static func write(_ place: Place, to xml: inout JSONWriter, as output: KMLOutput) {
        xml.writeRaw("<Placemark><name>")
        output.text(place.name, to: &xml)
        xml.writeRaw("</name>")
        if !place.description.isEmpty {
            xml.writeRaw("<description>")
            output.text(KMLDescription.html(place.description), to: &xml)
            xml.writeRaw("</description>")
        }
        xml.writeRaw("<ExtendedData><Data name='id'><value>")
        xml.writeRaw(place.id.description.utf8)
        xml.writeRaw("</value></Data>")
        if place.isVisited { xml.writeRaw("<Data name='visited'><value>true</value></Data>") }
        if let visitedAt = place.visitedAt {
            xml.writeRaw("<Data name='visitedAt'><value>")
            xml.writeRaw(visitedAt.description.utf8)
            xml.writeRaw("</value></Data>")
        }
        // Even when empty: the tags of a placemark with a `tags` value are that value, never the names of the
        // Folders around it (GDAL's KML of this one puts every placemark in a Folder named after its layer).
        xml.writeRaw("<Data name='tags'><value>")
        for (offset, tag) in place.tags.enumerated() {
            if offset > 0 { xml.writeRaw(";") }
            output.text(KMLTagList.escaped(tag), to: &xml)
        }
        xml.writeRaw("</value></Data>")
        xml.writeRaw("</ExtendedData><Point><coordinates>")
        DecimalText.appendPlain(place.coordinate.longitude, to: &xml.bytes)
        xml.writeRaw(",")
        DecimalText.appendPlain(place.coordinate.latitude, to: &xml.bytes)
        xml.writeRaw("</coordinates></Point></Placemark>")
        output.lineEnd(to: &xml)
    }
}

/// How a KML document's bytes are written: as they are, or as the inside of a JSON string. The markup
/// `KMLExport` writes with `writeRaw` holds nothing a JSON string escapes (no `"`, `\` or control character);
/// line ends, texts and the markup that has quotes go through here.
struct KMLOutput {
    /// Whether the bytes are the inside of a JSON string.
    let isJSONString: Bool

    /// Writes `fragment`, escaped for a JSON string when written in one.
    func escaped(_ fragment: StaticString, to xml: inout JSONWriter) {
        fragment.withUTF8Buffer { isJSONString ? xml.writeStringContents(utf8: $0) : xml.writeRaw($0) }
    }

    /// Ends a line.
    func lineEnd(to xml: inout JSONWriter) {
        isJSONString ? xml.writeRaw("\\n") : xml.writeRaw("\n")
    }

    /// Writes `text` as XML character data (`ExportEncoding.appendEscapedXML`), then escaped for a JSON string
    /// when written in one: in place, as most texts need nothing more (only a tab or a line feed, which XML
    /// keeps, or a backslash does).
    func text(_ text: String, to xml: inout JSONWriter) {
        let start = xml.bytes.count
        ExportEncoding.appendEscapedXML(text, to: &xml.bytes)
        guard isJSONString,
            xml.bytes[start...].contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\\") })
        else { return }
        let written = Array(xml.bytes[start...])
        xml.bytes.removeSubrange(start...)
        written.withUnsafeBufferPointer { xml.writeStringContents(utf8: $0) }
    }
}
