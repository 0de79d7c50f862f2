import PlacesModel

/// Where a place lives: its owner's list and its stored position in it.
package struct PlaceLocation: Sendable, Hashable {
    /// The owner.
    package var owner: UserID
    /// The `position` column, stable while the place is not moved.
    package var position: Int64

    /// The place at `position` of `owner`'s list.
    package init(owner: UserID, position: Int64) {
        self.owner = owner
        self.position = position
    }
}
