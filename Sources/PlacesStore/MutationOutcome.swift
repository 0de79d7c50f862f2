import PlacesModel

/// What a successful mutation did.
public enum MutationOutcome: Sendable, Hashable {
    /// The place that was added.
    case added(Place)
    /// The place after the update (unchanged if the update changed nothing).
    case updated(Place)
    /// The place as it was before it was removed.
    case removed(Place)

    /// The place the outcome carries.
    public var place: Place {
        switch self {
        case .added(let place), .updated(let place), .removed(let place): place
        }
    }
}
