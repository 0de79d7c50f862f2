import PlacesModel
import Synchronization

/// One committed version of a place, with its rendering once someone makes it: one object, shared by every copy
/// of the list that holds this version, and the one a spatial index entry refers to (see `SpatialEntry.stored`).
///
/// A changed place is a new `StoredPlace` with no rendering, so a kept rendering cannot go stale.
public final class StoredPlace: Sendable {
    /// The place.
    public let place: Place
    private let kept = AtomicLazyReference<PlaceRendering>()
    private let keptFolding = AtomicLazyReference<FoldedText>()

    /// Stores `place`, with no rendering yet.
    package init(_ place: Place) {
        self.place = place
    }

    /// The rendering (its JSON, say), if someone made it already.
    public var existingRendering: PlaceRendering? { kept.load() }

    /// The rendering, made with `render` if there is none yet. Two threads may both render at once; both get the
    /// one that was stored first.
    public func rendering(_ render: () -> [UInt8]) -> PlaceRendering {
        if let existing = kept.load() { return existing }
        return kept.storeIfNil(PlaceRendering(bytes: render()))
    }

    /// The place's texts folded for search and the name order, made by the first reader that needs them: only
    /// places whose name or description is not ASCII need them, as ASCII folds where it is read.
    package var folding: FoldedText {
        if let existing = keptFolding.load() { return existing }
        return keptFolding.storeIfNil(FoldedText(place))
    }
}

/// A place as a `PlaceList` stores it: with its `position` column, which orders an owner's list, and its row.
@usableFromInline
package struct PlaceSlot: Sendable {
    /// The place and its rendering; replacing the place replaces both.
    @usableFromInline let stored: StoredPlace
    /// The `position` column, stable while the place is not moved.
    package var position: Int64
    /// The row's `rowid`, by which the writer updates and deletes it.
    package var row: Int64

    /// Creates a slot for a new version of a place.
    package init(place: Place, position: Int64, row: Int64) {
        self.init(stored: StoredPlace(place), position: position, row: row)
    }

    /// Creates a slot holding `stored`.
    package init(stored: StoredPlace, position: Int64, row: Int64) {
        self.stored = stored
        self.position = position
        self.row = row
    }

    /// The place.
    @inlinable package var place: Place { stored.place }
}
