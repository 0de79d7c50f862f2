import PlacesModel

/// A mutation applied to the in-memory state: its answer, and what must reach the disk and the observers.
package struct AppliedMutation: Sendable {
    /// The answer for the caller, once committed.
    package var outcome: MutationOutcome
    /// The change events in order (none if nothing changed).
    package var changes: [PlaceChange] = []
    /// The row changes (none if nothing changed).
    package var writes: [PlaceWrite] = []
}
