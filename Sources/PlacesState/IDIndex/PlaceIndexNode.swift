import PlacesModel

/// A node of a `PlaceIndex`: a leaf of entries sorted by id, or a branch of 16 children chosen by the next four
/// bits of the ids' hashes.
///
/// Every node is a value: changing one copies the path from the root to the leaf (16 references per branch and
/// one small leaf) unless no snapshot shares it, in which case it changes in place.
package enum PlaceIndexNode: Sendable {
    /// Entries sorted by id.
    case leaf([PlaceIndexEntry])
    /// Exactly `fanOut` children.
    case branch([PlaceIndexNode])

    /// How many hash bits each level consumes.
    package static let bitsPerLevel = 4
    /// The number of children of a branch.
    package static let fanOut = 1 << bitsPerLevel
    /// The most entries a leaf holds before it becomes a branch (unless the hash bits are used up).
    package static let leafCapacity = 64
    /// The deepest level: every hash bit is used there, so leaves at it grow without splitting.
    package static let maximumLevel = UInt64.bitWidth / bitsPerLevel

    /// The location of `id`, whose hash shifted right by this node's level is `hash`.
    package func location(of id: PlaceID, hash: UInt64) -> PlaceLocation? {
        // Reads through buffer pointers, so that a lookup retains no node: retaining is an atomic write to memory
        // that readers on other threads and the writer all touch.
        switch self {
        case .branch(let children):
            return children.withUnsafeBufferPointer { children in
                children[PlaceIndexNode.child(hash)].location(of: id, hash: hash >> PlaceIndexNode.bitsPerLevel)
            }
        case .leaf(let entries):
            return entries.withUnsafeBufferPointer { entries in
                let slot = PlaceIndexNode.slot(of: id, in: entries)
                return slot < entries.count && entries[slot].id == id ? entries[slot].location : nil
            }
        }
    }

    /// Stores `location` for `id` (nil removes it; without `replacing`, an existing entry stays); returns whether
    /// the number of entries changed.
    package mutating func set(
        _ location: PlaceLocation?, for id: PlaceID, hash: UInt64, level: Int, replacing: Bool
    ) -> Bool {
        switch self {
        case .branch(var children):
            // Dropping this node's reference first leaves `children` unique, so it changes in place when no
            // snapshot shares it.
            self = .leaf([])
            let changed = children[PlaceIndexNode.child(hash)].set(
                location, for: id, hash: hash >> PlaceIndexNode.bitsPerLevel, level: level + 1, replacing: replacing)
            self = .branch(children)
            return changed
        case .leaf(var entries):
            self = .leaf([])
            let slot = entries.withUnsafeBufferPointer { PlaceIndexNode.slot(of: id, in: $0) }
            let isPresent = slot < entries.count && entries[slot].id == id
            switch (location, isPresent) {
            case (let location?, true):
                if replacing {
                    entries[slot].location = location
                }
            case (let location?, false):
                entries.insert(PlaceIndexEntry(id: id, location: location), at: slot)
            case (nil, true):
                entries.remove(at: slot)
            case (nil, false):
                break
            }
            if entries.count > PlaceIndexNode.leafCapacity, level < PlaceIndexNode.maximumLevel {
                self = PlaceIndexNode.split(entries, level: level)
            } else {
                self = .leaf(entries)
            }
            return isPresent != (location != nil)
        }
    }

    /// A branch at `level` holding `entries`, which are sorted by id.
    private static func split(_ entries: [PlaceIndexEntry], level: Int) -> PlaceIndexNode {
        let hashed = entries.map { HashedEntry(entry: $0, hash: PlaceIndex.hash($0.id)) }
        // Sorted input with unique ids cannot hold a duplicate.
        return (try? build(hashed, level: level)) ?? .leaf(entries)
    }

    /// An entry with its id's hash, while a trie is being built.
    package struct HashedEntry {
        /// The entry.
        var entry: PlaceIndexEntry
        /// `PlaceIndex.hash(entry.id)`.
        var hash: UInt64
    }

    /// A node at `level` holding `entries` (in any order): a leaf if they fit, else a branch; throws the first id
    /// found twice.
    package static func build(_ entries: [HashedEntry], level: Int) throws(PlaceIndex.DuplicateID) -> PlaceIndexNode {
        guard entries.count > leafCapacity, level < maximumLevel else {
            var sorted = entries.map(\.entry)
            sorted.sort { $0.id < $1.id }
            for offset in sorted.indices.dropFirst() where sorted[offset - 1].id == sorted[offset].id {
                throw PlaceIndex.DuplicateID(id: sorted[offset].id)
            }
            return .leaf(sorted)
        }
        let shift = UInt64(level * bitsPerLevel)
        var sizes = Array(repeating: 0, count: fanOut)
        for hashed in entries {
            sizes[child(hashed.hash >> shift)] += 1
        }
        var buckets = sizes.map { size in
            var bucket: [HashedEntry] = []
            bucket.reserveCapacity(size)
            return bucket
        }
        for hashed in entries {
            buckets[child(hashed.hash >> shift)].append(hashed)
        }
        var children: [PlaceIndexNode] = []
        children.reserveCapacity(fanOut)
        for bucket in buckets {
            children.append(try build(bucket, level: level + 1))
        }
        return .branch(children)
    }

    /// The child of a branch that a hash, shifted to the branch's level, goes to.
    package static func child(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (fanOut - 1)
    }

    /// The index of the first entry whose id is not below `id`.
    package static func slot(of id: PlaceID, in entries: UnsafeBufferPointer<PlaceIndexEntry>) -> Int {
        entries.partitioningIndex { $0.id >= id }
    }
}
