import PlacesModel

/// What a successful mutation did.
public enum MutationOutcome: Sendable, Hashable {
    /// The place that was added.
    case added(Place)
    /// The place after the update (unchanged if the update changed nothing).
    case updated(Place)
    /// The place as it was before it was removed.
    case removed(Place)
    /// The moved place (unchanged: a move touches no field) and its 0-based index after the move.
    case moved(Place, index: Int)
    /// The places an import added, as stored, in import order (none in a dry run), and what it did.
    case imported([Place], ImportTally)
    /// The changes an undo reverted, newest first, each with the place after its inverse.
    case undone([UndoneChange])

    /// The place the outcome carries; for an import or an undo, the first place (an empty one has none, and
    /// asking it for one traps).
    public var place: Place {
        switch self {
        case .added(let place), .updated(let place), .removed(let place), .moved(let place, _): return place
        case .imported(let places, _):
            guard let first = places.first else { preconditionFailure("MutationOutcome.place of an empty import") }
            return first
        case .undone(let undone):
            guard let first = undone.first else { preconditionFailure("MutationOutcome.place of an empty undo") }
            return first.place
        }
    }
}
