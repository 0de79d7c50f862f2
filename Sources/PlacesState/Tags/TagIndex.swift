import PlacesModel

/// One owner's places by tag: from each folded tag (`TagRules.key`) to the ids of the places that hold it, so that
/// `places.list {tag}` and `places.tags` read the places a tag has instead of scanning the list.
///
/// A place without tags costs nothing here. A change to a tag's places copies that tag's set of ids once per
/// batch (the snapshot before it shares the set); a set of a few thousand ids copies in microseconds.
package struct TagIndex: Sendable {
    /// The places of one tag.
    package struct Entry: Sendable {
        /// The tag as the first place that holds it wrote it.
        package var tag: String
        /// The places that hold it.
        package var ids: Set<PlaceID>
    }

    /// The most spellings `insert(_:keys:)` remembers the folded keys of.
    package static let rememberedKeys = 4_096

    /// Every tag some place holds, by folded key.
    package private(set) var entries: [String: Entry] = [:]

    /// An empty index.
    package init() {}

    /// Records `place`'s tags.
    package mutating func insert(_ place: Place) {
        for tag in place.tags {
            entries[TagRules.key(tag), default: Entry(tag: tag, ids: [])].ids.insert(place.id)
        }
    }

    /// Records `place`'s tags, folded by `keys` (tags as written to their keys), which remembers each spelling
    /// it folds: loading a store meets the same few tags a million times, and folding each again would cost an
    /// allocation or two a place. At most `rememberedKeys` spellings are kept; others are folded each time.
    package mutating func insert(_ place: Place, keys: inout [String: String]) {
        for tag in place.tags {
            let key: String
            if let known = keys[tag] {
                key = known
            } else {
                key = TagRules.key(tag)
                if keys.count < Self.rememberedKeys { keys[tag] = key }
            }
            entries[key, default: Entry(tag: tag, ids: [])].ids.insert(place.id)
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
    /// some tag has no places.
    package func ids(holdingAll tags: [String]) -> [PlaceID] {
        var sets: [Set<PlaceID>] = []
        for tag in tags {
            guard let entry = entries[TagRules.key(tag)] else { return [] }
            sets.append(entry.ids)
        }
        guard let smallest = sets.indices.min(by: { sets[$0].count < sets[$1].count }) else { return [] }
        let others = sets.indices.filter { $0 != smallest }.map { sets[$0] }
        return sets[smallest].filter { id in others.allSatisfy { $0.contains(id) } }
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
