import PlacesModel

/// A place whose `position` a renumbering changed: the row and every index that stores the position must follow.
package struct PositionChange: Sendable {
    /// The place (its fields do not change).
    package var place: Place
    /// Its row.
    package var row: Int64
    /// Its position before.
    package var oldPosition: Int64
    /// Its position now.
    package var newPosition: Int64
}

extension PositionChange {
    /// The change as the change log keeps it.
    package var renumbering: Renumbering { Renumbering(id: place.id, position: newPosition) }
}
