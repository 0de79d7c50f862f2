import PlacesProtocol

extension ExportFormat {
    /// The formats `placesctl import` reads (those `export` writes, the values of its `--format`), for messages.
    static let importedNames = "JSON (placesctl's own), GeoJSON, GPX, KML, KMZ or CSV with a header row"
}
