import PlacesModel

/// What the change log holds after a revision a watcher resumes from.
public enum ChangeHistory: Sendable, Equatable {
    /// Every change after it, in order, up to the current revision `through`.
    case changes([PlaceChange], through: Int64)
    /// The log no longer reaches back to it: `oldestRevision` is the oldest revision it holds (for the view
    /// asked), or the current revision plus one when it holds none.
    case pruned(oldestRevision: Int64)
    /// It is newer than the current revision `current`.
    case ahead(current: Int64)
}
