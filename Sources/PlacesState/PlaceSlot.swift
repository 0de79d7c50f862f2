import PlacesModel

/// A place as a `PlaceList` stores it: with its `position` column, which orders an owner's list, and its row.
@usableFromInline
package struct PlaceSlot: Sendable {
    /// The place.
    @usableFromInline var place: Place
    /// The `position` column, stable while the place is not moved.
    package var position: Int64
    /// The row's `rowid`, by which the writer updates and deletes it.
    package var row: Int64

    /// Creates a slot.
    package init(place: Place, position: Int64, row: Int64) {
        self.place = place
        self.position = position
        self.row = row
    }
}
