// Only libm's pure functions: the model does no I/O and makes no system calls.
#if canImport(Glibc)
    import func Glibc.asin
    import func Glibc.cos
    import func Glibc.sin
#elseif canImport(Musl)
    import func Musl.asin
    import func Musl.cos
    import func Musl.sin
#elseif canImport(Darwin)
    import func Darwin.asin
    import func Darwin.cos
    import func Darwin.sin
#endif

extension Coordinate {
    /// The mean Earth radius used for distances, in metres.
    public static let earthRadius: Double = 6_371_008.8

    /// Great-circle distance in metres (haversine on the mean Earth radius); correct across the antimeridian and
    /// near the poles.
    ///
    /// Within 0.5 % of the WGS 84 geodesic distance. Exactly symmetric, and 0 from a coordinate to itself.
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        let latitudeRadians = latitude * (Double.pi / 180)
        return Coordinate.distance(
            fromLatitudeRadians: latitudeRadians, cosineOfLatitude: cos(latitudeRadians), longitude: longitude,
            to: other)
    }

    /// The haversine distance from a point given by its latitude in radians, that latitude's cosine and its
    /// longitude in degrees, to `other`: what both `distance(to:)` and `DistanceOrigin` compute.
    @inlinable
    static func distance(
        fromLatitudeRadians latitude1: Double, cosineOfLatitude: Double, longitude: Double, to other: Coordinate
    ) -> Double {
        let radiansPerDegree = Double.pi / 180
        let latitude2 = other.latitude * radiansPerDegree
        // The longitude difference the short way round, in [-180, 180]: the same magnitude either way.
        var longitudeDifference = other.longitude - longitude
        if longitudeDifference > 180 {
            longitudeDifference -= 360
        } else if longitudeDifference < -180 {
            longitudeDifference += 360
        }
        let sinHalfLatitude = sin((latitude2 - latitude1) / 2)
        let sinHalfLongitude = sin(longitudeDifference * radiansPerDegree / 2)
        let haversine =
            sinHalfLatitude * sinHalfLatitude + cosineOfLatitude * cos(latitude2) * sinHalfLongitude
            * sinHalfLongitude
        return 2 * Coordinate.earthRadius * asin(min(1, haversine.squareRoot()))
    }
}

/// A coordinate prepared for measuring many distances from it (a nearest-place search): the trigonometry of its
/// latitude is computed once. `distance(to:)` gives exactly what `Coordinate.distance(to:)` gives.
public struct DistanceOrigin: Sendable {
    /// The coordinate.
    public let coordinate: Coordinate
    /// Its latitude in radians.
    public let latitudeRadians: Double
    /// The sine of its latitude.
    public let sineOfLatitude: Double
    /// The cosine of its latitude.
    public let cosineOfLatitude: Double

    /// Prepares `coordinate`.
    @inlinable
    public init(_ coordinate: Coordinate) {
        self.coordinate = coordinate
        latitudeRadians = coordinate.latitude * (Double.pi / 180)
        sineOfLatitude = sin(latitudeRadians)
        cosineOfLatitude = cos(latitudeRadians)
    }

    /// Great-circle distance in metres from the origin to `other`, exactly as `Coordinate.distance(to:)`.
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        Coordinate.distance(
            fromLatitudeRadians: latitudeRadians, cosineOfLatitude: cosineOfLatitude, longitude: coordinate.longitude,
            to: other)
    }
}
