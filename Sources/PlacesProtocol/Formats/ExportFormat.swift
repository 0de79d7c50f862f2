/// The document formats `places.export` writes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// A JSON array of places, as `places.import`'s `places` reads it.
    case json
    /// A GeoJSON FeatureCollection of Points.
    case geojson
    /// A GPX 1.1 document of waypoints, as a string of XML.
    case gpx
    /// A KML 2.2 document of Placemarks, as a string of XML.
    case kml
    /// A KMZ archive of a KML document, as a string of base64.
    case kmz
    /// CSV with a header row, as a string.
    case csv

    /// Whether the document can group places in a folder per tag (`groupByTag`).
    public var groupsByTag: Bool { self == .kml || self == .kmz }
}
