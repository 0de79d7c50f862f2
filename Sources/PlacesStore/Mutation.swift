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
}
