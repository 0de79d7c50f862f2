import PlacesModel

// Only libm's pure functions: the state does no I/O and makes no system calls.
#if canImport(Glibc)
    import func Glibc.asin
    import func Glibc.atan2
    import func Glibc.cos
    import func Glibc.sin
#elseif canImport(Musl)
    import func Musl.asin
    import func Musl.atan2
    import func Musl.cos
    import func Musl.sin
#elseif canImport(Darwin)
    import func Darwin.asin
    import func Darwin.atan2
    import func Darwin.cos
    import func Darwin.sin
#endif

/// The smallest latitude–longitude rectangle around some places (never wrapping across the antimeridian: the
/// longitudes are the places' own, in [-180, 180]).
package struct GeoBox: Sendable {
    /// The southernmost latitude, in degrees.
    package var minimumLatitude: Double
    /// The northernmost latitude, in degrees.
    package var maximumLatitude: Double
    /// The westernmost longitude, in degrees.
    package var minimumLongitude: Double
    /// The easternmost longitude, in degrees.
    package var maximumLongitude: Double

    /// The box around one entry.
    package init(_ entry: SpatialEntry) {
        minimumLatitude = entry.latitude
        maximumLatitude = entry.latitude
        minimumLongitude = entry.longitude
        maximumLongitude = entry.longitude
    }

    /// Grows the box to hold `other`.
    package mutating func formUnion(_ other: GeoBox) {
        minimumLatitude = min(minimumLatitude, other.minimumLatitude)
        maximumLatitude = max(maximumLatitude, other.maximumLatitude)
        minimumLongitude = min(minimumLongitude, other.minimumLongitude)
        maximumLongitude = max(maximumLongitude, other.maximumLongitude)
    }

    /// Grows the box to hold `entry`.
    package mutating func formUnion(_ entry: SpatialEntry) {
        minimumLatitude = min(minimumLatitude, entry.latitude)
        maximumLatitude = max(maximumLatitude, entry.latitude)
        minimumLongitude = min(minimumLongitude, entry.longitude)
        maximumLongitude = max(maximumLongitude, entry.longitude)
    }

    /// How much `minimumDistance(from:)` stays below the exact bound, in metres, to cover rounding in the
    /// haversine formula (worst near antipodes, where it is a few centimetres).
    package static let roundingMargin = 1.0

    /// A lower bound of `Coordinate.distance(to:)` from the origin to every place in the box, in metres: exact for a
    /// box of one point, and otherwise at most `roundingMargin` below the exact great-circle distance to the box.
    ///
    /// The nearest point of the box lies on the point's own meridian if the box spans its longitude; otherwise on
    /// the box's nearer meridian edge (nearer in longitude, the short way round), where the distance along the
    /// edge has one minimum: at latitude atan2(sin φ, cos φ · cos Δλ) if |Δλ| < 90°, else at an end.
    package func minimumDistance(from origin: DistanceOrigin) -> Double {
        let point = origin.coordinate
        if minimumLatitude == maximumLatitude, minimumLongitude == maximumLongitude {
            return origin.distance(to: Coordinate(latitude: minimumLatitude, longitude: minimumLongitude))
        }
        let nearest: Coordinate
        if point.longitude >= minimumLongitude, point.longitude <= maximumLongitude {
            if point.latitude >= minimumLatitude, point.latitude <= maximumLatitude {
                return 0
            }
            nearest = Coordinate(latitude: clamp(point.latitude), longitude: point.longitude)
        } else {
            let west = GeoBox.longitudeDistance(point.longitude, minimumLongitude)
            let east = GeoBox.longitudeDistance(point.longitude, maximumLongitude)
            let edge = west <= east ? minimumLongitude : maximumLongitude
            let difference = min(west, east) * (Double.pi / 180)
            if difference < Double.pi / 2 {
                let closest =
                    atan2(origin.sineOfLatitude, origin.cosineOfLatitude * cos(difference)) * (180 / Double.pi)
                nearest = Coordinate(latitude: clamp(closest), longitude: edge)
            } else {
                // The distance along the edge has its maximum inside, so its minimum is at an end.
                let south = origin.distance(to: Coordinate(latitude: minimumLatitude, longitude: edge))
                let north = origin.distance(to: Coordinate(latitude: maximumLatitude, longitude: edge))
                return max(0, min(south, north) - GeoBox.roundingMargin)
            }
        }
        return max(0, origin.distance(to: nearest) - GeoBox.roundingMargin)
    }

    /// A lower bound of `minimumDistance(from:)` without trigonometry, to rule boxes (and places: a box of one
    /// point) out cheaply; 0 when it cannot tell.
    ///
    /// Two bounds of the central angle θ between the origin (latitude φ) and any point of the box: θ ≥ the
    /// latitude gap; and, when the box lies within 90° of longitude on one side of the origin, at a gap Δ,
    /// sin θ ≥ cos φ · sin Δ (the distance to the meridian circle at Δ), where sin Δ ≥ Δ − Δ³/6 and θ ≥ sin θ.
    /// The caller compares it with a margin for rounding, as the exact bound does.
    package func quickLowerBound(from origin: DistanceOrigin) -> Double {
        let point = origin.coordinate
        let latitudeGap = max(minimumLatitude - point.latitude, point.latitude - maximumLatitude, 0)
        var angle = latitudeGap * (Double.pi / 180)
        if point.longitude < minimumLongitude || point.longitude > maximumLongitude,
            maximumLongitude - minimumLongitude <= 90
        {
            let west = GeoBox.longitudeDistance(point.longitude, minimumLongitude)
            let east = GeoBox.longitudeDistance(point.longitude, maximumLongitude)
            if max(west, east) <= 90 {
                let gap = min(west, east) * (Double.pi / 180)
                angle = max(angle, origin.cosineOfLatitude * (gap - gap * gap * gap / 6))
            }
        }
        return angle * Coordinate.earthRadius
    }

    private func clamp(_ latitude: Double) -> Double {
        min(max(latitude, minimumLatitude), maximumLatitude)
    }

    /// The difference between two longitudes the short way round, in degrees, in [0, 180].
    private static func longitudeDistance(_ first: Double, _ second: Double) -> Double {
        let difference = abs(first - second)
        return difference > 180 ? 360 - difference : difference
    }
}
