/// The document formats `places.export` writes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// A JSON array of places, as `places.import`'s `places` reads it.
    case json
    /// A GeoJSON FeatureCollection of Points.
    case geojson
    /// A GPX 1.1 document of waypoints, as a string of XML.
    case gpx
}
