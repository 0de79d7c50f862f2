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
        var xml = JSONWriter(capacity: 256 + places.count * 280)
        xml.writeRaw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"")
        xml.writeRaw(namespace.utf8)
        xml.writeRaw("\">\n<Document>\n")
        if groupByTag {
            var folders: [String: [Place]] = [:]
            for place in places {
                guard let tag = place.tags.first else {
                    write(place, to: &xml)
                    continue
                }
                folders[tag, default: []].append(place)
            }
            for tag in TagRules.canonical(Array(folders.keys)) {
                xml.writeRaw("<Folder><name>")
                ExportEncoding.appendEscapedXML(tag, to: &xml.bytes)
                xml.writeRaw("</name>\n")
                for place in folders[tag]! { write(place, to: &xml) }
                xml.writeRaw("</Folder>\n")
            }
        } else {
            for place in places { write(place, to: &xml) }
        }
        xml.writeRaw("</Document>\n</kml>\n")
        return xml.bytes
    }

    /// Writes one place's `Placemark`, on a line of its own. Attribute values are quoted with `'`, which the JSON
    /// string of the export's reply carries as it is (a `"` takes an escape there).
    private static func write(_ place: Place, to xml: inout JSONWriter) {
        xml.writeRaw("<Placemark><name>")
        ExportEncoding.appendEscapedXML(place.name, to: &xml.bytes)
        xml.writeRaw("</name>")
        if !place.description.isEmpty {
            xml.writeRaw("<description>")
            ExportEncoding.appendEscapedXML(KMLDescription.html(place.description), to: &xml.bytes)
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
        ExportEncoding.appendEscapedXML(KMLTagList.joined(place.tags), to: &xml.bytes)
        xml.writeRaw("</value></Data>")
        xml.writeRaw("</ExtendedData><Point><coordinates>")
        DecimalText.appendPlain(place.coordinate.longitude, to: &xml.bytes)
        xml.writeRaw(",")
        DecimalText.appendPlain(place.coordinate.latitude, to: &xml.bytes)
        xml.writeRaw("</coordinates></Point></Placemark>\n")
    }
}
