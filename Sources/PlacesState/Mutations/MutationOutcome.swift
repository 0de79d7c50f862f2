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
    /// The imported places as stored, in import order.
    case imported([Place])

    /// The place the outcome carries; for an import, the first place imported (an empty import has none, and
    /// asking it for one traps).
    public var place: Place {
        switch self {
        case .added(let place), .updated(let place), .removed(let place), .moved(let place, _): return place
        case .imported(let places):
            guard let first = places.first else { preconditionFailure("MutationOutcome.place of an empty import") }
            return first
        }
    }
}
