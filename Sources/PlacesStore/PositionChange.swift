import PlacesModel

/// A place whose `position` a renumbering changed: the row and every index that stores the position must follow.
struct PositionChange: Sendable {
    /// The place (its fields do not change).
    var place: Place
    /// Its row.
    var row: Int64
    /// Its position before.
    var oldPosition: Int64
    /// Its position now.
    var newPosition: Int64
}
