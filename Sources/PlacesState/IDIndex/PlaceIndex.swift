import PlacesModel

/// Finds any place's owner and position by id: a persistent hash trie.
///
/// A change copies only the path to one small leaf (a few hundred bytes per level), so publishing a snapshot
/// after a batch costs O(changes × log n) whatever the number of places; lookups follow about log16(n / 16)
/// references.
package struct PlaceIndex: Sendable {
    private var root = PlaceIndexNode.leaf([])
    /// The number of ids.
    private(set) var count = 0

    /// Creates an empty index.
    package init() {}

    /// The location of `id`, or nil if no owner has such a place.
    package subscript(id: PlaceID) -> PlaceLocation? {
        get { root.location(of: id, hash: PlaceIndex.hash(id)) }
        set {
            if root.set(newValue, for: id, hash: PlaceIndex.hash(id), level: 0, replacing: true) {
                count += newValue == nil ? -1 : 1
            }
        }
    }

    /// Stores `location` for `id` unless `id` is there already; returns whether it stored it. One walk down the
    /// trie, where checking then setting would take two.
    package mutating func insert(_ id: PlaceID, at location: PlaceLocation) -> Bool {
        let inserted = root.set(location, for: id, hash: PlaceIndex.hash(id), level: 0, replacing: false)
        if inserted { count += 1 }
        return inserted
    }

    /// The hash that places an id in the trie: seeded per process, so that ids chosen on purpose (imports keep
    /// theirs) cannot pile into one leaf.
    package static func hash(_ id: PlaceID) -> UInt64 {
        UInt64(truncatingIfNeeded: id.hashValue)
    }

    /// Collects every entry, already split by the first hash bits, then builds the trie in one pass per level
    /// (instead of inserting a million entries one by one).
    package struct Builder {
        private var buckets: [[PlaceIndexNode.HashedEntry]]
        private var count = 0

        /// Creates a builder for about `expectedCount` places.
        package init(expectedCount: Int) {
            var bucket: [PlaceIndexNode.HashedEntry] = []
            bucket.reserveCapacity(expectedCount / PlaceIndexNode.fanOut * 9 / 8 + 16)
            buckets = Array(repeating: bucket, count: PlaceIndexNode.fanOut)
        }

        /// Records that `id` is at `location`.
        package mutating func add(_ id: PlaceID, at location: PlaceLocation) {
            let hash = PlaceIndex.hash(id)
            buckets[PlaceIndexNode.child(hash)].append(
                PlaceIndexNode.HashedEntry(entry: PlaceIndexEntry(id: id, location: location), hash: hash))
            count += 1
        }

        /// The index, or the first id that was added twice.
        package consuming func build() -> Result<PlaceIndex, DuplicateID> {
            var index = PlaceIndex()
            index.count = count
            do throws(DuplicateID) {
                if count <= PlaceIndexNode.leafCapacity {
                    index.root = try PlaceIndexNode.build(buckets.flatMap { $0 }, level: 0)
                } else {
                    var children: [PlaceIndexNode] = []
                    children.reserveCapacity(PlaceIndexNode.fanOut)
                    for bucket in buckets.indices {
                        let entries = buckets[bucket]
                        buckets[bucket] = []
                        children.append(try PlaceIndexNode.build(entries, level: 1))
                    }
                    index.root = .branch(children)
                }
                return .success(index)
            } catch {
                return .failure(error)
            }
        }
    }

    /// An id found twice while building an index.
    package struct DuplicateID: Error {
        /// The id.
        package let id: PlaceID
    }
}
