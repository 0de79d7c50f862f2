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
        let radiansPerDegree = Double.pi / 180
        let latitude1 = latitude * radiansPerDegree
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
            sinHalfLatitude * sinHalfLatitude + cos(latitude1) * cos(latitude2) * sinHalfLongitude * sinHalfLongitude
        return 2 * Coordinate.earthRadius * asin(min(1, haversine.squareRoot()))
    }
}
