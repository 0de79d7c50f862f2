import PlacesModel

/// One committed version of a place, with the slot where its rendering is kept once someone makes it.
///
/// The slot is made with the version and never outlives it: a changed place is a new `StoredPlace` with an empty
/// slot, so a kept rendering cannot go stale, and the place itself stays a plain value.
public struct StoredPlace: Sendable {
    /// The place.
    public let place: Place
    /// Where this version's rendering (its JSON) is kept, shared by every copy of this version.
    public let rendering: PlaceRenderingSlot

    /// Stores `place` with an empty rendering slot.
    @usableFromInline init(_ place: Place) {
        self.place = place
        self.rendering = PlaceRenderingSlot()
    }
}

/// A place as a `PlaceList` stores it: with its `position` column, which orders an owner's list, and its row.
@usableFromInline
package struct PlaceSlot: Sendable {
    /// The place and its rendering slot; replacing the place replaces both.
    @usableFromInline let stored: StoredPlace
    /// The `position` column, stable while the place is not moved.
    package var position: Int64
    /// The row's `rowid`, by which the writer updates and deletes it.
    package var row: Int64

    /// Creates a slot.
    package init(place: Place, position: Int64, row: Int64) {
        self.stored = StoredPlace(place)
        self.position = position
        self.row = row
    }

    /// The place.
    @inlinable package var place: Place { stored.place }
}
