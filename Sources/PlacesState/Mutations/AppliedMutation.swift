import PlacesModel

/// A mutation applied to the in-memory state: its answer, and what must reach the disk and the observers.
package struct AppliedMutation: Sendable {
    /// The answer for the caller, once committed.
    package var outcome: MutationOutcome
    /// The changes in order, as the change log keeps them (none if nothing changed).
    package var logged: [LoggedChange] = []
    /// The row changes (none if nothing changed).
    package var writes: [PlaceWrite] = []

    /// The change events in order.
    package var changes: [PlaceChange] { logged.map(\.change) }
}
