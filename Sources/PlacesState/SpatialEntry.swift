import PlacesModel

/// One place in a `SpatialIndex`: where it is, and its list position, by which the owner's list finds it and
/// which breaks ties between equally distant places.
package struct SpatialEntry: Sendable, Comparable {
    /// The place's Hilbert curve index: places near each other on the curve are near each other on the map.
    package var key: UInt64
    /// The place's position in its owner's list.
    package var position: Int64
    /// The place's latitude in degrees.
    package var latitude: Double
    /// The place's longitude in degrees.
    package var longitude: Double

    /// The entry of a place at `coordinate` stored at `position`.
    package init(coordinate: Coordinate, position: Int64) {
        self.key = HilbertCurve.index(of: coordinate)
        self.position = position
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
    }

    /// The entry of a place at `coordinate` stored at `position`, without its curve index: for building an index,
    /// which computes them all at once.
    package init(unkeyed coordinate: Coordinate, position: Int64) {
        self.key = 0
        self.position = position
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
    }

    /// Where the place is.
    package var coordinate: Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Orders entries along the curve, then by position (unique within a list).
    package static func < (lhs: SpatialEntry, rhs: SpatialEntry) -> Bool {
        (lhs.key, lhs.position) < (rhs.key, rhs.position)
    }

    /// Whether both are the same place: the same key and position.
    package static func == (lhs: SpatialEntry, rhs: SpatialEntry) -> Bool {
        lhs.key == rhs.key && lhs.position == rhs.position
    }
}
