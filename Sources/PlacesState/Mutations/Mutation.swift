import PlacesModel

/// A change a caller asks the store to make to its own places.
public enum Mutation: Sendable {
    /// Adds a place at the end of the caller's list.
    case add(PlaceDraft)
    /// Replaces the patch's fields; with `ifVersion`, only if the place is still at that version.
    ///
    /// An update that changes nothing succeeds and returns the place unchanged, without a new revision.
    case update(PlaceID, PlacePatch, ifVersion: Int64?)
    /// Removes a place; with `ifVersion`, only if the place is still at that version.
    case remove(PlaceID, ifVersion: Int64?)
    /// Moves a place to `toIndex` (0-based) in the caller's list, clamped to `0...count - 1`; with `ifVersion`,
    /// only if the place is still at that version.
    ///
    /// A move changes no place's version or `updatedAt`. A move to the place's current index changes nothing: no
    /// revision, no write, no event.
    case move(PlaceID, toIndex: Int, ifVersion: Int64?)
    /// Adds every place, in order, at the end of the caller's list; all or nothing.
    ///
    /// Each place is its own revision and `added` (or, replaced, `updated`) change, all in one transaction. An id
    /// given twice refuses the whole import with `StoreError.duplicateID`, and so does an id already in use (by
    /// any owner) unless `options` skip or replace it; the per-owner limit counts the places added. A dry run
    /// changes nothing and reports what the import would do.
    case importPlaces([PlaceImport], ImportOptions = ImportOptions())
    /// Commits the inverses of `plan`, in order, as ordinary changes; all or nothing, and only if the owner's
    /// list is still at the plan's revision (else `StoreError.cannotUndo`).
    case undo(UndoPlan)
}
