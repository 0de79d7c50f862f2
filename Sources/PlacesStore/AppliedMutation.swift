import PlacesModel

/// A mutation applied to the in-memory state: its answer, and what must reach the disk and the observers.
struct AppliedMutation: Sendable {
    /// The answer for the caller, once committed.
    var outcome: MutationOutcome
    /// The change event, or nil if nothing changed.
    var change: PlaceChange?
    /// The row change, or nil if nothing changed.
    var write: PlaceWrite?
}
