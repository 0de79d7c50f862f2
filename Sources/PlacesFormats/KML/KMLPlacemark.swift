/// What the reader kept of one `Placemark`, before it becomes a place.
struct KMLPlacemark: Sendable, Hashable {
    /// Its position among the document's placemarks (0-based), for messages: `kml.Placemark[3]`.
    var index: Int
    /// The line it starts on.
    var line: Int
    /// The container it is in, an index into `KMLContents.containers`.
    var container: Int?
    /// The text of `name`.
    var name: String?
    /// The `default` language's texts of Organic Maps' `mwm:customName` and `mwm:name`, which stand in for a
    /// missing `name`.
    var organicMapsNames: [String] = []
    /// The text of `description`, as written (often HTML).
    var description: String?
    /// The text of the `coordinates` of its `Point` (the first `Point` of a `MultiGeometry`).
    var coordinates: String?
    /// The line its `coordinates` start on.
    var coordinatesLine = 0
    /// Whether it has a `Point`, directly or inside a `MultiGeometry`.
    var hasPoint = false
    /// The first geometry other than a point it has (`LineString`, `gx:Track`).
    var otherGeometry: String?
    /// The `ExtendedData` values by name (`Data`'s `value`, `SimpleData`'s text), the first of each name.
    var data: [String: String] = [:]
}
