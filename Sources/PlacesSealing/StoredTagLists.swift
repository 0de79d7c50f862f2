/// The tag lists a load reads, each stored form split once: the places whose rows hold the same tags share one
/// array of them, and its strings, instead of an array each.
///
/// A store of a million places with a few tags between them then spends a pointer a place on its tags, and a
/// row's tags cost a hash of their bytes rather than an allocation or two; and the tag index, which meets the same
/// array again and again, folds each list once (see `TagIndex.Loading`). At most `capacity` lists are kept; the
/// rows of others are split each time. One load's: not for use by two threads at once.
package final class StoredTagLists {
    /// The most lists kept.
    package static let capacity = 4_096

    // For each slot of the open-addressed table: the hash of the stored form (0: empty), its bytes and its tags.
    // Unchecked for exclusivity: the run-time check of each access to a class's property cost a row as much as
    // the look-up itself, and nothing here overlaps two accesses (one thread's, and no access calls out).
    @exclusivity(unchecked) private var hashes: [Int]
    @exclusivity(unchecked) private var forms: [[UInt8]]
    @exclusivity(unchecked) private var lists: [[String]]
    @exclusivity(unchecked) private var count = 0

    /// An empty memo.
    package init() {
        hashes = Array(repeating: 0, count: 16)
        forms = Array(repeating: [], count: 16)
        lists = Array(repeating: [], count: 16)
    }

    /// How many lists are kept.
    package var keptCount: Int { count }

    /// The tags of `stored`, a column's or a payload's stored form (`SealedPayload.joinedTags`) as UTF-8: the same
    /// array each time for the same bytes (while it is kept).
    package func tags(_ stored: UnsafeRawBufferPointer) -> [String] {
        if stored.isEmpty { return [] }
        let hash = Self.hash(stored)
        let mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0 {
            if hashes[slot] == hash, forms[slot].withUnsafeBytes({ $0.elementsEqual(stored) }) { return lists[slot] }
            slot = (slot + 1) & mask
        }
        let tags = SealedPayload.splitTags(String(decoding: stored, as: UTF8.self))
        guard count < Self.capacity else { return tags }
        hashes[slot] = hash
        forms[slot] = Array(stored)
        lists[slot] = tags
        count += 1
        if count * 2 > hashes.count { grow() }
        return tags
    }

    /// A hash of `bytes`, never 0: eight bytes a multiplication. Not `Hasher`, whose seeding and finishing cost more
    /// than a row's few bytes of tags, once a row; the table holds at most `capacity` lists of the user's own tags,
    /// so a seed against chosen collisions buys nothing here.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * (index - offset)) }
            hash = (hash ^ tail) &* multiplier
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* multiplier
        // The top bit set, so that no hash is 0 (an empty slot) and the low bits that pick a slot are all used.
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) | Int.min
    }

    /// The tags of `stored`, as `tags(_:)` of its UTF-8.
    package func tags(_ stored: String) -> [String] {
        var stored = stored
        return stored.withUTF8 { tags(UnsafeRawBufferPointer($0)) }
    }

    private func grow() {
        let (oldHashes, oldForms, oldLists) = (hashes, forms, lists)
        let size = hashes.count * 2
        hashes = Array(repeating: 0, count: size)
        forms = Array(repeating: [], count: size)
        lists = Array(repeating: [], count: size)
        for old in oldHashes.indices where oldHashes[old] != 0 {
            var slot = oldHashes[old] & (size - 1)
            while hashes[slot] != 0 { slot = (slot + 1) & (size - 1) }
            hashes[slot] = oldHashes[old]
            forms[slot] = oldForms[old]
            lists[slot] = oldLists[old]
        }
    }
}
