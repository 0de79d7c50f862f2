import PlacesModel
import PlacesProtocol

/// Writes places as a KML 2.2 document.
public enum KMLExport {
    /// A KML document, as UTF-8 bytes, with one Placemark per place; with `groupByTag`, each place in the
    /// Folder of its first tag.
    public static func kml(_ places: [Place], groupByTag: Bool) -> [UInt8] {
        []
    }
}
