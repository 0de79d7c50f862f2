/// A latitude–longitude box (`bbox` of `places.list` and `places.near`): `south…north` by `west…east`, edges
/// included. A box whose `west` is greater than its `east` crosses the antimeridian: it holds the longitudes
/// from `west` to 180 and from -180 to `east`.
public struct BoundingBox: Sendable, Hashable {
    /// The southern edge, in degrees.
    public let south: Double
    /// The western edge, in degrees.
    public let west: Double
    /// The northern edge, in degrees.
    public let north: Double
    /// The eastern edge, in degrees.
    public let east: Double

    /// The member names as the wire spells them, in the order `S,W,N,E`.
    public static let memberNames = ["south", "west", "north", "east"]

    /// Checks the edges: latitudes in -90…90 with `south` ≤ `north`, longitudes in -180…180. `field` names the
    /// box in the error (`bbox`).
    public init(south: Double, west: Double, north: Double, east: Double, field: String) throws(ValidationError) {
        for (name, value, limit) in [
            ("south", south, 90.0), ("west", west, 180), ("north", north, 90), ("east", east, 180),
        ]
        where !(value.isFinite && abs(value) <= limit) {
            throw ValidationError(field: "\(field).\(name)", reason: "must be between -\(Int(limit)) and \(Int(limit))")
        }
        guard south <= north else {
            throw ValidationError(field: field, reason: "must have south (\(south)) at most north (\(north))")
        }
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether the box crosses the antimeridian (`west` > `east`).
    public var wraps: Bool { west > east }

    /// Whether `coordinate` is in the box, edges included.
    @inlinable public func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        if west <= east { return coordinate.longitude >= west && coordinate.longitude <= east }
        return coordinate.longitude >= west || coordinate.longitude <= east
    }
}
