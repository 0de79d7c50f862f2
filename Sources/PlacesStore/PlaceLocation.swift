import PlacesModel

/// Where a place lives: its owner's list and its stored position in it.
struct PlaceLocation: Sendable, Hashable {
    /// The owner.
    var owner: UserID
    /// The `position` column, stable while the place is not moved.
    var position: Int64
}
