import PlacesModel

/// An immutable view of every place as of one committed store revision.
///
/// Taking one is cheap and never waits for the writer; it stays valid (and unchanged) however long it is kept.
public struct StoreSnapshot: Sendable {
    /// The store-wide revision: how many changes of all owners were committed.
    public let revision: Int64
    /// Whether the store is sealed and not unlocked yet: the snapshot is then empty.
    public let isLocked: Bool
    private let storage: Storage

    /// Holds the state, so that copying a snapshot retains one object.
    private final class Storage: Sendable {
        /// The committed state.
        let state: StoreState

        /// Holds `state`.
        init(_ state: StoreState) {
            self.state = state
        }
    }

    /// The committed state.
    package var state: StoreState { storage.state }

    /// Wraps a committed state; a locked store's is empty.
    package init(state: StoreState, isLocked: Bool = false) {
        self.revision = state.revision
        self.isLocked = isLocked
        self.storage = Storage(state)
    }

    /// The number of places of all owners.
    public var count: Int { storage.state.count }

    /// The owners that have at least one place, ascending.
    public var owners: [UserID] { storage.state.owners }

    /// How many committed changes `owner`'s places have had (0 for an owner who never had any).
    public func revision(of owner: UserID) -> Int64 {
        storage.state.lists[owner]?.revision ?? 0
    }

    /// `owner`'s places in list order; the stored list, not a copy.
    public func places(of owner: UserID) -> PlaceList {
        storage.state.lists[owner]?.places ?? PlaceList()
    }

    /// The number of places `owner` has.
    public func count(of owner: UserID) -> Int {
        storage.state.lists[owner]?.places.count ?? 0
    }

    /// The place with `id`, whoever owns it; the caller checks ownership.
    public func place(_ id: PlaceID) -> Place? {
        storage.state.place(id)
    }

    /// `id`'s 0-based index in its owner's list.
    public func index(of id: PlaceID) -> Int? {
        guard let location = storage.state.index[id] else { return nil }
        return storage.state.lists[location.owner]?.index(ofPosition: location.position)
    }

    /// Every owner's places, ordered by owner and then list order; shares the owners' stored lists (O(owners)).
    public func allPlaces() -> PlaceList {
        PlaceList.chaining(storage.state.owners.map { storage.state.lists[$0]?.places ?? PlaceList() })
    }
}
