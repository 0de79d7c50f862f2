import PlacesModel

/// An order of an owner's places that can be kept as a persistent index (`OrderIndex`): every sort key but the
/// list's own position (the list itself) and distance (which depends on a point).
package enum PlaceOrderKey: Sendable, Hashable, CaseIterable {
    /// The folded name, ties by id.
    case name
    /// When the place was added, ties by id.
    case createdAt
    /// When the place last changed, ties by id.
    case updatedAt
    /// When the place was last visited, places without a visit date after every dated one; ties by id.
    case visitedAt
    // A kept order of another field is one more case here and in `entry(for:)`.

    /// The kept order for `sort`, or nil for position and distance.
    package init?(_ sort: PlaceSort) {
        switch sort {
        case .name: self = .name
        case .createdAt: self = .createdAt
        case .updatedAt: self = .updatedAt
        case .visitedAt: self = .visitedAt
        case .position, .distance: return nil
        }
    }

    /// `stored`'s entry in this order.
    package func entry(for stored: StoredPlace) -> OrderEntry {
        let leading: UInt64
        var trailing: UInt64 = 0
        switch self {
        case .name:
            (leading, trailing) = stored.withFoldedName {
                (TextFolding.leadingKey($0), TextFolding.leadingKey($0, from: 8))
            }
        case .createdAt: leading = Self.timeKey(stored.place.createdAt)
        case .updatedAt: leading = Self.timeKey(stored.place.updatedAt)
        // No date sorts after every date: no valid date reaches the largest key.
        case .visitedAt: leading = stored.place.visitedAt.map(Self.timeKey) ?? .max
        }
        return OrderEntry(stored: stored, leading: leading, trailing: trailing, id: stored.place.id)
    }

    /// A time as an unsigned key in the same order.
    private static func timeKey(_ time: Timestamp) -> UInt64 {
        UInt64(bitPattern: time.millisecondsSinceEpoch) ^ (1 << 63)
    }

    /// Whether `lhs` comes before `rhs`: by the leading keys, then (for names) the whole folded name, then by id.
    package func precedes(_ lhs: OrderEntry, _ rhs: OrderEntry) -> Bool {
        precedes(lhs, rhs.leading, rhs.trailing, rhs.id) { rhs.stored }
    }

    /// Whether `lhs` comes before the entry with the keys `leading` and `trailing` and the id `id`, whose place
    /// `stored` gives only when the keys tie (for names, when the first sixteen folded bytes are equal).
    @inline(__always)
    func precedes(
        _ lhs: OrderEntry, _ leading: UInt64, _ trailing: UInt64, _ id: PlaceID, _ stored: () -> StoredPlace
    ) -> Bool {
        if lhs.leading != leading { return lhs.leading < leading }
        if lhs.trailing != trailing { return lhs.trailing < trailing }
        if self == .name, lhs.id != id {
            let order = lhs.stored.withFoldedName { left in
                stored().withFoldedName { right in TextFolding.compare(left, right) }
            }
            if order != 0 { return order < 0 }
        }
        return lhs.id < id
    }
}

/// A place in a kept order: the stored place, with what orders it at hand.
package struct OrderEntry: Sendable {
    /// The place (its current version in the list).
    package let stored: StoredPlace
    /// The first eight folded bytes of the name, or the time: decides most comparisons without reading the place.
    package let leading: UInt64
    /// The next eight folded bytes of the name (0 for times): with `leading`, orders names that differ in their
    /// first sixteen bytes without reading them.
    package let trailing: UInt64
    /// The place's id, which breaks ties.
    package let id: PlaceID
}
