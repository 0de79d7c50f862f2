import Glibc
import PlacesModel

/// The part of the world a map shows: fitted to the places, a circle around a point, or a box given.
enum MapFrame: Equatable {
    /// Around the places that match the filters, with a margin; the whole world when they span it.
    case fitted
    /// The box holding the circle of `radius` metres around `center`.
    case around(Coordinate, radius: Double)
    /// This box, as given.
    case box(BoundingBox)

    /// Metres in a degree of latitude (on the mean Earth radius that `near` measures with).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The whole world.
    static let world = BoundingBox(uncheckedSouth: -90, west: -180, north: 90, east: 180)

    /// The box holding the circle of `radius` metres around `center`: the whole range of longitudes when the
    /// circle reaches a pole, a box crossing the antimeridian (west greater than east) when the circle does.
    static func box(around center: Coordinate, radius: Double) -> BoundingBox {
        let latitudeSpan = radius / metresPerDegree
        let south = max(center.latitude - latitudeSpan, -90)
        let north = min(center.latitude + latitudeSpan, 90)
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * Double.pi / 180)
        guard widest < 90, cosine > 0, latitudeSpan / cosine < 180 else {
            return BoundingBox(uncheckedSouth: south, west: -180, north: north, east: 180)
        }
        let longitudeSpan = latitudeSpan / cosine
        return BoundingBox(
            uncheckedSouth: south, west: wrapped(center.longitude - longitudeSpan), north: north,
            east: wrapped(center.longitude + longitudeSpan))
    }

    /// A longitude brought into -180…180.
    static func wrapped(_ longitude: Double) -> Double {
        if longitude < -180 { return longitude + 360 }
        if longitude > 180 { return longitude - 360 }
        return longitude
    }
}

extension BoundingBox {
    /// A box whose edges the caller has already kept in range, south at most north.
    init(uncheckedSouth south: Double, west: Double, north: Double, east: Double) {
        // The callers clamp every edge; a failure here is a bug in them.
        do {
            try self.init(south: south, west: west, north: north, east: east, field: "bbox")
        } catch {
            fatalError("a computed map box is out of range: \(error.field) \(error.reason)")
        }
    }

    /// The width in degrees of longitude, across the antimeridian when the box crosses it.
    var longitudeSpan: Double { wraps ? east + 360 - west : east - west }

    /// The height in degrees of latitude.
    var latitudeSpan: Double { north - south }
}
