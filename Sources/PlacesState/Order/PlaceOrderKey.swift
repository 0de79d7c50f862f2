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
        switch self {
        case .name: leading = stored.withFoldedName(TextFolding.leadingKey)
        case .createdAt: leading = Self.timeKey(stored.place.createdAt)
        case .updatedAt: leading = Self.timeKey(stored.place.updatedAt)
        // No date sorts after every date: no valid date reaches the largest key.
        case .visitedAt: leading = stored.place.visitedAt.map(Self.timeKey) ?? .max
        }
        return OrderEntry(stored: stored, leading: leading, id: stored.place.id)
    }

    /// A time as an unsigned key in the same order.
    private static func timeKey(_ time: Timestamp) -> UInt64 {
        UInt64(bitPattern: time.millisecondsSinceEpoch) ^ (1 << 63)
    }

    /// Whether `lhs` comes before `rhs`: by the leading key, then (for names) the whole folded name, then by id.
    package func precedes(_ lhs: OrderEntry, _ rhs: OrderEntry) -> Bool {
        if lhs.leading != rhs.leading { return lhs.leading < rhs.leading }
        if self == .name, lhs.id != rhs.id {
            let order = lhs.stored.withFoldedName { left in
                rhs.stored.withFoldedName { right in TextFolding.compare(left, right) }
            }
            if order != 0 { return order < 0 }
        }
        return lhs.id < rhs.id
    }
}

/// A place in a kept order: the stored place, with what orders it at hand.
package struct OrderEntry: Sendable {
    /// The place (its current version in the list).
    package let stored: StoredPlace
    /// The first eight folded bytes of the name, or the time: decides most comparisons without reading the place.
    package let leading: UInt64
    /// The place's id, which breaks ties.
    package let id: PlaceID
}
