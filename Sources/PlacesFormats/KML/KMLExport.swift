import PlacesModel
import PlacesProtocol

/// Writes places as a KML 2.2 document.
///
/// Each place is a `Placemark` with, in the order KML's schema wants them, its `name`, its `description` (see
/// `KMLDescription`), `ExtendedData` holding its `id`, `visited`, `visitedAt` (when it has one) and `tags`
/// (separated by `;`, see `KMLTagList`, written even when empty, so that import takes them over folder names), and a `Point`.
/// With `groupByTag`, a place with tags sits in a `Folder` named after its first tag (folders in the order of
/// `TagRules`), and untagged places at the top of the `Document`.
public enum KMLExport {
    /// The namespace written: KML 2.2 as OGC publishes it.
    static let namespace = "http://www.opengis.net/kml/2.2"

    /// A KML document, as UTF-8 bytes, with one Placemark per place; with `groupByTag`, each place in the
    /// Folder of its first tag.
    public static func kml(_ places: [Place], groupByTag: Bool) -> [UInt8] {
        var xml = JSONWriter(capacity: 256 + places.count * 320)
        xml.writeRaw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"")
        xml.writeRaw(namespace.utf8)
        xml.writeRaw("\">\n<Document>\n")
        if groupByTag {
            var folders: [String: [Place]] = [:]
            for place in places {
                guard let tag = place.tags.first else {
                    write(place, indent: "  ", to: &xml)
                    continue
                }
                folders[tag, default: []].append(place)
            }
            for tag in TagRules.canonical(Array(folders.keys)) {
                xml.writeRaw("  <Folder>\n    <name>")
                ExportEncoding.appendEscapedXML(tag, to: &xml.bytes)
                xml.writeRaw("</name>\n")
                for place in folders[tag]! { write(place, indent: "    ", to: &xml) }
                xml.writeRaw("  </Folder>\n")
            }
        } else {
            for place in places { write(place, indent: "  ", to: &xml) }
        }
        xml.writeRaw("</Document>\n</kml>\n")
        return xml.bytes
    }

    /// Writes one place's `Placemark`, each line starting with `indent`.
    private static func write(_ place: Place, indent: StaticString, to xml: inout JSONWriter) {
        xml.writeRaw(indent)
        xml.writeRaw("<Placemark>\n")
        xml.writeRaw(indent)
        xml.writeRaw("  <name>")
        ExportEncoding.appendEscapedXML(place.name, to: &xml.bytes)
        xml.writeRaw("</name>\n")
        if !place.description.isEmpty {
            xml.writeRaw(indent)
            xml.writeRaw("  <description>")
            ExportEncoding.appendEscapedXML(KMLDescription.html(place.description), to: &xml.bytes)
            xml.writeRaw("</description>\n")
        }
        xml.writeRaw(indent)
        xml.writeRaw("  <ExtendedData>")
        writeData("id", place.id.description, to: &xml)
        writeData("visited", place.isVisited ? "true" : "false", to: &xml)
        if let visitedAt = place.visitedAt { writeData("visitedAt", visitedAt.description, to: &xml) }
        writeData("tags", KMLTagList.joined(place.tags), to: &xml)
        xml.writeRaw("</ExtendedData>\n")
        xml.writeRaw(indent)
        xml.writeRaw("  <Point><coordinates>")
        KMLEscaping.appendCoordinate(place.coordinate.longitude, to: &xml)
        xml.writeRaw(",")
        KMLEscaping.appendCoordinate(place.coordinate.latitude, to: &xml)
        xml.writeRaw("</coordinates></Point>\n")
        xml.writeRaw(indent)
        xml.writeRaw("</Placemark>\n")
    }

    /// Writes `<Data name="name"><value>value</value></Data>`.
    private static func writeData(_ name: StaticString, _ value: String, to xml: inout JSONWriter) {
        xml.writeRaw("<Data name=\"")
        xml.writeRaw(name)
        xml.writeRaw("\"><value>")
        ExportEncoding.appendEscapedXML(value, to: &xml.bytes)
        xml.writeRaw("</value></Data>")
    }
}
