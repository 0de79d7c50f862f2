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

    /// A little more than the document takes when its texts need no escape: the markup of a placemark (with
    /// `visited`, `visitedAt` and the longest coordinates), its texts and a fifth more. Reserved at once, so that
    /// the buffer is not grown (a copy of everything written so far) near the end of a large document; room not
    /// written is never touched, so it takes no memory.
    private static func estimatedBytes(_ places: [Place]) -> Int {
        let texts = places.reduce(512) { total, place in
            total + 400 + place.name.utf8.count + place.description.utf8.count
                + place.tags.reduce(0) { $0 + $1.utf8.count + 1 }
        }
        return texts + texts / 5
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
            // Most descriptions are plain text that HTML shows as it is: copied at once.
            if !KMLOutput.appendPlain(place.description, isDescription: true, to: &xml) {
                output.text(KMLDescription.html(place.description), to: &xml)
            }
            xml.writeRaw("</description>")
        }
        xml.writeRaw("<ExtendedData><Data name='id'><value>")
        KMLOutput.append(place.id, to: &xml)
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
            if !KMLOutput.appendPlain(tag, isTag: true, to: &xml) { output.text(KMLTagList.escaped(tag), to: &xml) }
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
    /// when written in one: copied at once when it needs neither (`appendPlain`), else escaped in place, as
    /// most texts need nothing more (only a tab or a line feed, which XML keeps, or a backslash does).
    func text(_ text: String, to xml: inout JSONWriter) {
        if Self.appendPlain(text, to: &xml) { return }
        let start = xml.bytes.count
        ExportEncoding.appendEscapedXML(text, to: &xml.bytes)
        guard isJSONString,
            xml.bytes[start...].contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\\") })
        else { return }
        let written = Array(xml.bytes[start...])
        xml.bytes.removeSubrange(start...)
        written.withUnsafeBufferPointer { xml.writeStringContents(utf8: $0) }
    }

    /// Appends `text` as it is and returns true when it reads back the same both as XML character data and
    /// inside a JSON string: no control character (a tab or a line feed included), `&`, `<`, `>`, `"`, `'`, `\\`
    /// or `0xEF` byte (which starts U+FFFE and U+FFFF); else appends nothing and returns false. With
    /// `isDescription`, also false for text that HTML would show otherwise (`KMLDescription.html`): a space at
    /// either end or next to another. With `isTag`, also false for a `;` (`KMLTagList.escaped`).
    static func appendPlain(
        _ text: String, isDescription: Bool = false, isTag: Bool = false, to xml: inout JSONWriter
    ) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard isPlain(utf8, isDescription: isDescription, isTag: isTag) else { return false }
            xml.bytes.append(contentsOf: utf8)
            return true
        }
    }

    private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, isDescription: Bool, isTag: Bool) -> Bool {
        // The bytes below 0x40 refused, as bits: the control characters, `"`, `&`, `'`, `<` and `>`.
        let specialBelow40: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x40 {
                if specialBelow40 >> UInt64(byte) & 1 != 0 { return false }
                if byte == UInt8(ascii: " ") && previous == byte && isDescription { return false }
                if byte == UInt8(ascii: ";") && isTag { return false }
            } else if byte == UInt8(ascii: "\\") || byte == 0xEF {
                return false
            }
            previous = byte
        }
        if isDescription, let first = utf8.first, let last = utf8.last {
            return first != UInt8(ascii: " ") && last != UInt8(ascii: " ")
        }
        return true
    }

    /// Appends `id` in its canonical lower-case form, without making a `String`.
    static func append(_ id: PlaceID, to xml: inout JSONWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PlaceID.canonicalLength) { text in
            id.writeCanonical(to: text)
            xml.bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }
}
