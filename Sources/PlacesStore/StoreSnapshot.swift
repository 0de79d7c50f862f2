import PlacesModel

/// An immutable view of every place as of one committed store revision.
///
/// Taking one is cheap and never waits for the writer; it stays valid (and unchanged) however long it is kept.
public struct StoreSnapshot: Sendable {
    /// The store-wide revision: how many changes of all owners were committed.
    public let revision: Int64
    private let state: StoreState

    /// Wraps a committed state.
    init(state: StoreState) {
        self.revision = state.revision
        self.state = state
    }

    /// The number of places of all owners.
    public var count: Int { state.count }

    /// The owners that have at least one place, ascending.
    public var owners: [UserID] { state.owners }

    /// How many committed changes `owner`'s places have had (0 for an owner who never had any).
    public func revision(of owner: UserID) -> Int64 {
        state.lists[owner]?.revision ?? 0
    }

    /// `owner`'s places in list order; the stored array, not a copy.
    public func places(of owner: UserID) -> [Place] {
        state.lists[owner]?.places ?? []
    }

    /// The number of places `owner` has.
    public func count(of owner: UserID) -> Int {
        state.lists[owner]?.places.count ?? 0
    }

    /// The place with `id`, whoever owns it; the caller checks ownership.
    public func place(_ id: PlaceID) -> Place? {
        state.place(id)
    }

    /// The 0-based position of `id` in its owner's list.
    public func index(of id: PlaceID) -> Int? {
        guard let location = state.index[id] else { return nil }
        return state.lists[location.owner]?.index(ofPosition: location.position)
    }

    /// Every owner's places, ordered by owner and then list order.
    public func allPlaces() -> [Place] {
        var places: [Place] = []
        places.reserveCapacity(state.count)
        for owner in state.owners {
            places.append(contentsOf: state.lists[owner]?.places ?? [])
        }
        return places
    }
}
