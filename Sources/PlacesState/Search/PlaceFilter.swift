import PlacesModel

/// The filters of `places.list` and `places.near`: all that are given must hold.
package struct PlaceFilter: Sendable, Hashable {
    /// Only places with this visited flag, when given.
    package var visited: Bool?
    /// Only places whose folded name or description contains this, when given.
    package var query: TextQuery?
    /// Only places holding every one of these tags, by folded key (`TagRules.key`), when not empty.
    package var tagKeys: [String]
    /// Only places in this box, when given.
    package var box: BoundingBox?
    /// Leaves out this place (`places.near` from a place).
    package var excluded: PlaceID?
    // A filter on another field is one more optional property here and one more line in `includes(_:)`.

    /// Filters that are given.
    package init(
        visited: Bool? = nil, query: TextQuery? = nil, tags: [String] = [], box: BoundingBox? = nil,
        excluded: PlaceID? = nil
    ) {
        self.tagKeys = Array(Set(tags.map(TagRules.key))).sorted()
        self.visited = visited
        self.query = query
        self.box = box
        self.excluded = excluded
    }

    /// Whether no filter is given: every place is included.
    package var isEmpty: Bool { visited == nil && query == nil && tagKeys.isEmpty && box == nil && excluded == nil }

    /// Whether `stored` passes every filter; the cheap ones first.
    package func includes(_ stored: StoredPlace) -> Bool {
        // Field by field: a copy of the whole place would retain its texts.
        if let visited, stored.place.isVisited != visited { return false }
        if let excluded, stored.place.id == excluded { return false }
        if let box, !box.contains(stored.place.coordinate) { return false }
        if !tagKeys.isEmpty, !Self.holds(stored.place.tags, every: tagKeys) { return false }
        if let query, !query.matches(stored) { return false }
        return true
    }

    /// Whether `tags` (a place's) hold every one of `keys` (folded).
    private static func holds(_ tags: [String], every keys: [String]) -> Bool {
        guard tags.count >= keys.count else { return false }
        let held = tags.map(TagRules.key)
        return keys.allSatisfy(held.contains)
    }
}
