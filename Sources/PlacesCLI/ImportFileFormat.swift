import PlacesProtocol

/// The formats of a file `placesctl import` reads, recognised from its content or forced with `--format`.
enum ImportFileFormat: String, CaseIterable, Sendable {
    /// placesctl's own: an array of places, or an object with a `places` array (or an export result).
    case json
    /// A GeoJSON FeatureCollection of Points (Google Takeout's Saved Places too).
    case geojson
    /// GPX 1.0 or 1.1.
    case gpx
    /// KML 2.2.
    case kml
    /// A KMZ archive.
    case kmz
    /// CSV with a header row.
    case csv

    /// The formats, for messages: `JSON, GeoJSON, GPX, KML, KMZ or CSV`.
    static let names = "JSON (placesctl's own), GeoJSON, GPX, KML, KMZ or CSV with a header row"

    /// The format's text form for the daemon, for those sent as text.
    var textFormat: ImportTextFormat? { ImportTextFormat(rawValue: rawValue) }
}
