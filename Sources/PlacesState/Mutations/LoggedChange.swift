import PlacesModel

/// A committed change as the change log keeps it: the event, and where it left the place, so that a host that
/// did not make the change can bring its own copy of the state to the same place (`StoreState.replay(_:)`).
package struct LoggedChange: Sendable, Hashable {
    /// The change, as watchers see it.
    package var change: PlaceChange
    /// The place's row.
    package var row: Int64
    /// The place's position in its owner's list after the change (before it, for a removal).
    package var position: Int64
    /// For an addition or a move: the places renumbered to make room, with their new positions, in list order.
    package var renumbered: [Renumbering]

    /// Creates a log entry.
    package init(change: PlaceChange, row: Int64, position: Int64, renumbered: [Renumbering] = []) {
        self.change = change
        self.row = row
        self.position = position
        self.renumbered = renumbered
    }
}

/// A place that a renumbering gave a new position (its order in the list stays).
package struct Renumbering: Sendable, Hashable {
    /// The place.
    package var id: PlaceID
    /// Its new position.
    package var position: Int64

    /// Creates a renumbering.
    package init(id: PlaceID, position: Int64) {
        self.id = id
        self.position = position
    }
}
