/// A WGS 84 position in degrees.
public struct Coordinate: Sendable, Hashable {
    /// Degrees north of the equator, in [-90, 90].
    public var latitude: Double
    /// Degrees east of Greenwich, in [-180, 180].
    public var longitude: Double

    /// Creates a coordinate; the values are not checked (see `PlaceRules`).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
