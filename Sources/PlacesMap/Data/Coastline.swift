import PlacesModel

/// Land outlines: closed rings of coordinates, each a coast of a continent or an island, as the map draws them.
///
/// Read from the data file `coastline.txt` (see `docs/map.md`), whose lines after `#` comments are rings: the
/// first longitude and latitude, then the differences from one point to the next, all in hundredths of a degree
/// and separated by spaces.
public struct Coastline: Sendable {
    /// The rings, each a list of points whose last joins its first.
    public let rings: [[Coordinate]]

    /// A coastline of these rings (a test's own).
    public init(rings: [[Coordinate]]) {
        self.rings = rings
    }

    /// No land at all: what a map is drawn on when the data file cannot be read.
    public static let empty = Coastline(rings: [])

    /// The file name of the coastline data, in the data directory (`DataFileLocation`).
    public static let fileName = "coastline.txt"

    /// Reads the data file's bytes.
    public static func load(from bytes: [UInt8]) throws(CoastlineError) -> Coastline {
        var reader = CoastlineReader(bytes: bytes)
        return Coastline(rings: try reader.rings())
    }
}

extension Coastline {
    /// Whether the segment between two points of a ring is a made edge rather than a coast: the data cuts land
    /// that crosses the antimeridian along it, and cuts Antarctica along the prime meridian down to the South
    /// Pole's edge, along which it closes each half. Filled land keeps these edges; drawn outlines leave them out.
    public static func isCut(from start: Coordinate, to end: Coordinate) -> Bool {
        let atPole = start.latitude <= -89.99 || end.latitude <= -89.99
        if start.longitude == end.longitude && (abs(start.longitude) == 180 || atPole) { return true }
        return start.latitude <= -89.99 && end.latitude <= -89.99
    }
}
