import PlacesModel

/// One owner's places by tag: from each folded tag (`TagRules.key`) to the ids of the places that hold it, so that
/// `places.list {tag}` and `places.tags` read the places a tag has instead of scanning the list.
///
/// A place without tags costs nothing here. A loaded store's tags hold their places' ids in arrays, which loading
/// only appends to; the set a look-up needs is made from them by the first reader that needs it (see
/// `TagPlaces`). A change to a tag's places copies that tag's set of ids once per batch (the snapshot before it
/// shares the set); a set of a few thousand ids copies in microseconds.
package struct TagIndex: Sendable {
    /// The places of one tag.
    package struct Entry: Sendable {
        /// The tag as the first place that holds it wrote it.
        package var tag: String
        /// The places that hold it.
        package var ids: TagPlaces
    }

    /// Every tag some place holds, by folded key.
    package private(set) var entries: [String: Entry] = [:]

    /// An empty index.
    package init() {}

    fileprivate init(entries: [String: Entry]) {
        self.entries = entries
    }

    /// Records `place`'s tags.
    package mutating func insert(_ place: Place) {
        for tag in place.tags {
            entries[TagRules.key(tag), default: Entry(tag: tag, ids: TagPlaces())].ids.insert(place.id)
        }
    }

    /// Forgets `place`'s tags.
    package mutating func remove(_ place: Place) {
        for tag in place.tags {
            let key = TagRules.key(tag)
            entries[key]?.ids.remove(place.id)
            if entries[key]?.ids.isEmpty == true { entries[key] = nil }
        }
    }

    /// Records that `old` became `new` (the same place).
    package mutating func replace(_ old: Place, with new: Place) {
        guard old.tags != new.tags else { return }
        remove(old)
        insert(new)
    }

    /// The ids of the places that hold every one of `tags` (compared folded), in no order; an empty array when
    /// some tag has no places. One tag's are read as they are; more tags' are the rarest's found in the others'
    /// sets.
    package func ids(holdingAll tags: [String]) -> [PlaceID] {
        var groups: [TagPlaces] = []
        for tag in tags {
            guard let entry = entries[TagRules.key(tag)] else { return [] }
            groups.append(entry.ids)
        }
        guard let smallest = groups.indices.min(by: { groups[$0].count < groups[$1].count }) else { return [] }
        let others = groups.indices.filter { $0 != smallest }.map { groups[$0].set }
        let candidates = groups[smallest].all
        return others.isEmpty ? candidates : candidates.filter { id in others.allSatisfy { $0.contains(id) } }
    }

    /// How many places hold the rarest of `tags`: at most that many hold them all.
    package func rarestCount(of tags: [String]) -> Int {
        tags.map { entries[TagRules.key($0)]?.ids.count ?? 0 }.min() ?? 0
    }

    /// Each tag and how many places hold it, by folded key.
    package var counts: [(key: String, tag: String, count: Int)] {
        entries.map { (key: $0.key, tag: $0.value.tag, count: $0.value.ids.count) }.sorted { $0.key < $1.key }
    }
}

extension TagIndex {
    /// An index as a store's places are loaded: each tag's ids appended to an array, and each tag list folded
    /// once. Places loaded through `StoredTagLists` share their tag list with every place whose row holds the same
    /// tags, so a million places with a few tags between them cost a look-up by the list's identity and an append
    /// per tag, without hashing or folding a string.
    package struct Loading {
        /// The most tag lists (by identity) and spellings whose tags are remembered.
        package static let remembered = 4_096

        private struct Tag {
            var key: String
            var spelling: String
            var ids: [PlaceID] = []
        }

        private var tags: [Tag] = []
        /// The tag of each folded key.
        private var tagOfKey: [String: Int] = [:]
        /// The tag of each spelling met.
        private var tagOfSpelling: [String: Int] = [:]
        /// The tags of each tag list met, by the address of the list's elements: an open-addressed table of the
        /// addresses (0: an empty slot) and, slot for slot, a range of `listTags`. Not a dictionary, whose hashing
        /// of a pointer costs more than the rest of a place's loading does for its tags.
        private var listAddresses = [UInt](repeating: 0, count: 16)
        private var listRuns = [Range<Int>](repeating: 0..<0, count: 16)
        /// The tags of the lists in `listAddresses`, one run a list.
        private var listTags: [Int] = []
        /// The lists in `listAddresses`, which keeps each address their own.
        private var lists: [[String]] = []

        /// An index of no places yet.
        package init() {}

        /// Records that the place `id` holds `list`, its tags.
        package mutating func insert(_ list: [String], of id: PlaceID) {
            guard !list.isEmpty else { return }
            let address = list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            var slot = listSlot(of: address)
            if listAddresses[slot] == address {
                for offset in listRuns[slot] { tags[listTags[offset]].ids.append(id) }
                return
            }
            var found: [Int] = []
            for spelling in list {
                let tag = self.tag(of: spelling)
                // Two tags of one place fold alike only in a row written under other folding rules: one place.
                if !found.contains(tag) { found.append(tag) }
            }
            for tag in found { tags[tag].ids.append(id) }
            if lists.count < Self.remembered {
                if (lists.count + 1) * 2 > listAddresses.count {
                    growListTable()
                    slot = listSlot(of: address)
                }
                listAddresses[slot] = address
                listRuns[slot] = listTags.count..<(listTags.count + found.count)
                listTags += found
                lists.append(list)
            }
        }

        /// The slot of `address` in the table of lists, or the empty slot where it would go.
        private func listSlot(of address: UInt) -> Int {
            let mask = listAddresses.count - 1
            // A multiplicative hash of the address; its top bits pick the first slot.
            var slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while listAddresses[slot] != 0 && listAddresses[slot] != address { slot = (slot + 1) & mask }
            return slot
        }

        /// Doubles the table of lists.
        private mutating func growListTable() {
            let (addresses, runs) = (listAddresses, listRuns)
            listAddresses = [UInt](repeating: 0, count: addresses.count * 2)
            listRuns = [Range<Int>](repeating: 0..<0, count: addresses.count * 2)
            for old in addresses.indices where addresses[old] != 0 {
                let slot = listSlot(of: addresses[old])
                listAddresses[slot] = addresses[old]
                listRuns[slot] = runs[old]
            }
        }

        /// Records `place`'s tags.
        package mutating func insert(_ place: Place) {
            insert(place.tags, of: place.id)
        }

        /// The index of the tag `spelling` folds to, recorded with that spelling when it is new.
        private mutating func tag(of spelling: String) -> Int {
            if let known = tagOfSpelling[spelling] { return known }
            let key = TagRules.key(spelling)
            let tag: Int
            if let known = tagOfKey[key] {
                tag = known
            } else {
                tag = tags.count
                tags.append(Tag(key: key, spelling: spelling))
                tagOfKey[key] = tag
            }
            if tagOfSpelling.count < Self.remembered { tagOfSpelling[spelling] = tag }
            return tag
        }

        /// The index.
        package consuming func build() -> TagIndex {
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(tags.count)
            for tag in tags {
                entries[tag.key] = Entry(tag: tag.spelling, ids: TagPlaces(loaded: tag.ids))
            }
            return TagIndex(entries: entries)
        }
    }
}
