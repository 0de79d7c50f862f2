import PlacesModel

/// Finds any place's owner and position by id.
///
/// The dictionary is split into shards so that publishing a snapshot after a batch copies only the shards the
/// batch touched, not an index of every place.
struct PlaceIndex: Sendable {
    private static let shardCount = 256
    private var shards: [[PlaceID: PlaceLocation]]

    /// Creates an empty index.
    init() {
        shards = Array(repeating: [:], count: PlaceIndex.shardCount)
    }

    /// The location of `id`, or nil if no owner has such a place.
    subscript(id: PlaceID) -> PlaceLocation? {
        get { shards[PlaceIndex.shard(of: id)][id] }
        set { shards[PlaceIndex.shard(of: id)][id] = newValue }
    }

    /// Collects locations shard by shard, then builds each shard's dictionary while its entries are in cache:
    /// inserting a million random ids one by one into one big table would miss the cache on nearly every insert.
    struct Builder {
        private var buckets: [[(PlaceID, PlaceLocation)]]

        /// Creates a builder for about `expectedCount` places.
        init(expectedCount: Int) {
            var bucket: [(PlaceID, PlaceLocation)] = []
            bucket.reserveCapacity(expectedCount / PlaceIndex.shardCount * 5 / 4 + 16)
            buckets = Array(repeating: bucket, count: PlaceIndex.shardCount)
        }

        /// Records that `id` is at `location`.
        mutating func add(_ id: PlaceID, at location: PlaceLocation) {
            buckets[PlaceIndex.shard(of: id)].append((id, location))
        }

        /// The index, or the first id that was added twice.
        consuming func build() -> Result<PlaceIndex, DuplicateID> {
            var index = PlaceIndex()
            for shard in buckets.indices {
                let bucket = buckets[shard]
                buckets[shard] = []
                var dictionary: [PlaceID: PlaceLocation] = [:]
                dictionary.reserveCapacity(bucket.count)
                for (id, location) in bucket where dictionary.updateValue(location, forKey: id) != nil {
                    return .failure(DuplicateID(id: id))
                }
                index.shards[shard] = dictionary
            }
            return .success(index)
        }
    }

    /// An id found twice while building an index.
    struct DuplicateID: Error {
        /// The id.
        let id: PlaceID
    }

    /// Odd multipliers drawn per process, so that ids chosen on purpose (imports keep theirs) cannot pile into
    /// one shard.
    private static let multipliers = (UInt64.random(in: 1...UInt64.max) | 1, UInt64.random(in: 1...UInt64.max) | 1)

    private static func shard(of id: PlaceID) -> Int {
        // Multiply-shift: the top 8 bits of the sum spread ids evenly over the 256 shards, and cost far less than
        // the seeded hash the dictionaries compute anyway.
        Int(truncatingIfNeeded: (id.high &* multipliers.0 &+ id.low &* multipliers.1) >> 56)
    }
}
