import PlacesModel
import Synchronization

/// The ids of the places that hold one tag: as a store was loaded, an array of them, whose set the first reader
/// that looks an id up makes and keeps for every copy; once the tag's places change, a set of its own.
///
/// Loading a store appends each place's id to its tags' arrays, which costs no hashing; a request for one tag
/// reads the array as it is, and only one that combines tags, or a change, makes the set (a few milliseconds for
/// 50,000 places).
package struct TagPlaces: Sendable {
    private enum Storage: Sendable {
        /// As loaded.
        case loaded(LoadedIDs)
        /// As changed since.
        case set(Set<PlaceID>)
    }

    private var storage: Storage

    /// No places.
    package init() {
        storage = .set([])
    }

    /// The places `ids`, each once.
    package init(loaded ids: [PlaceID]) {
        storage = .loaded(LoadedIDs(ids))
    }

    /// How many places hold the tag.
    package var count: Int {
        switch storage {
        case .loaded(let loaded): loaded.ids.count
        case .set(let set): set.count
        }
    }

    /// Whether no place holds the tag.
    package var isEmpty: Bool { count == 0 }

    /// Every id, in no order.
    package var all: [PlaceID] {
        switch storage {
        case .loaded(let loaded): loaded.ids
        case .set(let set): Array(set)
        }
    }

    /// The ids as a set (made once, by the first reader of a loaded tag that asks).
    package var set: Set<PlaceID> {
        switch storage {
        case .loaded(let loaded): loaded.set
        case .set(let set): set
        }
    }

    /// Whether the place `id` holds the tag.
    package func contains(_ id: PlaceID) -> Bool {
        set.contains(id)
    }

    /// Records that the place `id` holds the tag.
    package mutating func insert(_ id: PlaceID) {
        var ids = takeSet()
        ids.insert(id)
        storage = .set(ids)
    }

    /// Records that the place `id` no longer holds the tag.
    package mutating func remove(_ id: PlaceID) {
        var ids = takeSet()
        ids.remove(id)
        storage = .set(ids)
    }

    /// The set, leaving the storage empty so that a set of its own is not copied to be changed.
    private mutating func takeSet() -> Set<PlaceID> {
        let ids = set
        storage = .set([])
        return ids
    }
}

/// A loaded tag's ids, and their set once someone made it: shared by every copy of the index until the tag changes.
private final class LoadedIDs: Sendable {
    let ids: [PlaceID]
    private let kept = AtomicLazyReference<KeptSet>()

    init(_ ids: [PlaceID]) {
        self.ids = ids
    }

    /// The set of `ids`, made by the first caller; two threads may both make it, and both get the one stored first.
    var set: Set<PlaceID> {
        if let existing = kept.load() { return existing.set }
        return kept.storeIfNil(KeptSet(Set(ids))).set
    }
}

private final class KeptSet: Sendable {
    let set: Set<PlaceID>

    init(_ set: Set<PlaceID>) {
        self.set = set
    }
}
