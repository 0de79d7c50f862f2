import PlacesModel

/// One place in a `SpatialIndex`: where it is, its list position (which breaks ties between equally distant
/// places), and the place itself.
package struct SpatialEntry: Sendable, Comparable {
    /// The place's Hilbert curve index: places near each other on the curve are near each other on the map.
    package var key: UInt64 {
        get { keyAndFlag & Self.keyMask }
        set { keyAndFlag = newValue & Self.keyMask | keyAndFlag & Self.visitedFlag }
    }
    /// Whether the place is visited, kept in the entry so that counting visited places (`places.density`) reads no
    /// place; false in an entry made to look one up.
    package var isVisited: Bool { keyAndFlag & Self.visitedFlag != 0 }
    /// The curve index (`HilbertCurve.order` × 2 bits) and, in the top bit, the visited flag: the flag costs no
    /// byte of the entry, and every ordering reads `key`, which leaves it out.
    private var keyAndFlag: UInt64
    /// The bits of `keyAndFlag` that hold the curve index.
    private static let keyMask: UInt64 = (1 << 63) - 1
    /// The bit of `keyAndFlag` that holds the visited flag.
    private static let visitedFlag: UInt64 = 1 << 63
    /// The place's position in its owner's list.
    package var position: Int64
    /// The place's latitude in degrees.
    package var latitude: Double
    /// The place's longitude in degrees.
    package var longitude: Double
    /// The version of the place the owner's list holds at `position`; nil only in an entry made to look one up.
    ///
    /// Unretained, so that entries stay plain values that copy without touching the places: the owner's list, in
    /// the same state, holds the place, and every change that gives a list slot a new version or position replaces
    /// its entry in the same change (`OwnerList`, `StoreState` replay), so an entry never outlives its place.
    /// (An `unowned(unsafe)` optional would say the same, but arrays of structs holding one never end their
    /// iteration in unoptimized builds of this toolchain.)
    private var unretained: Unmanaged<StoredPlace>?

    /// The place, which the state this entry is in keeps alive; nil only in an entry made to look one up.
    package var stored: StoredPlace? {
        unretained?.takeUnretainedValue()
    }

    /// `stored`, still unretained.
    var unmanagedStored: Unmanaged<StoredPlace>? { unretained }

    /// The entry of `stored`, stored at `position`; with nil, an entry to find the one of the place at
    /// `coordinate` and `position`.
    package init(coordinate: Coordinate, position: Int64, stored: StoredPlace?) {
        self.keyAndFlag = HilbertCurve.index(of: coordinate) | (stored?.place.isVisited == true ? Self.visitedFlag : 0)
        self.position = position
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
        self.unretained = stored.map(Unmanaged.passUnretained)
    }

    /// The entry of `stored`, stored at `position`, without its curve index: for building an index, which
    /// computes them all at once.
    package init(unkeyed stored: StoredPlace, position: Int64) {
        self.init(unkeyed: stored.place.coordinate, position: position)
        self.unretained = Unmanaged.passUnretained(stored)
        if stored.place.isVisited { keyAndFlag = Self.visitedFlag }
    }

    /// An entry at `coordinate` and `position` without its curve index or place (for boxes in tests).
    package init(unkeyed coordinate: Coordinate, position: Int64) {
        self.keyAndFlag = 0
        self.position = position
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
        self.unretained = nil
    }

    /// Where the place is.
    package var coordinate: Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Where the entry is in curve order.
    package var order: SpatialOrder {
        SpatialOrder(key: key, position: position)
    }

    /// Orders entries along the curve, then by position (unique within a list).
    package static func < (lhs: SpatialEntry, rhs: SpatialEntry) -> Bool {
        lhs.order < rhs.order
    }

    /// Whether both are the same place: the same key and position.
    package static func == (lhs: SpatialEntry, rhs: SpatialEntry) -> Bool {
        lhs.order == rhs.order
    }
}

/// A place in curve order without the place: its curve index and list position, which is all a branch keeps of
/// each child's first entry, so that a branch's children stay small (searching reads every one of them).
package struct SpatialOrder: Sendable, Comparable {
    /// The curve index.
    package var key: UInt64
    /// The list position, which orders places with the same curve index.
    package var position: Int64

    /// Orders along the curve, then by position.
    package static func < (lhs: SpatialOrder, rhs: SpatialOrder) -> Bool {
        (lhs.key, lhs.position) < (rhs.key, rhs.position)
    }
}
