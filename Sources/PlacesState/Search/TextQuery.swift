import PlacesModel

/// A folded text search (`query`): whether a place's folded name, description or one of its tags contains the
/// folded query.
package struct TextQuery: Sendable, Hashable {
    /// The folded query's bytes, never empty.
    package let needle: [UInt8]

    /// The search for `text`, or nil for an empty one (which every place matches).
    package init?(_ text: String) {
        let needle = TextFolding.folded(text)
        guard !needle.isEmpty else { return nil }
        self.needle = needle
    }

    /// Whether `stored`'s name, description or one of its tags contains the query, folded.
    ///
    /// ASCII text is searched where it is stored, lowering bytes as they are read; only when that finds nothing
    /// in text that is not ASCII is the folded copy (made once, kept with the place) searched. Nothing here
    /// retains the place: in a large store it is out of the cache, and a retain is a write to its first line.
    package func matches(_ stored: StoredPlace) -> Bool {
        let name = search(stored.place.name)
        if name == .found { return true }
        let description = search(stored.place.description)
        if description == .found { return true }
        if name == .unknown || description == .unknown {
            let folding = stored.folding
            if search(folded: name == .unknown ? folding.name : nil)
                || search(folded: description == .unknown ? folding.description : nil)
            {
                return true
            }
        }
        return matches(tags: stored.place.tags)
    }

    /// Whether one of `tags` contains the query, folded (a tag that is not ASCII is folded here: tags are short).
    private func matches(tags: [String]) -> Bool {
        tags.contains { tag in
            switch search(tag) {
            case .found: true
            case .absent: false
            case .unknown: search(folded: TextFolding.folded(tag))
            }
        }
    }

    /// What a search of text as stored tells.
    private enum Outcome {
        /// The query is there.
        case found
        /// The query is not there, and the text is ASCII: it is not there folded either.
        case absent
        /// The query is not there as stored, but the text is not ASCII: its folded form must be searched.
        case unknown
    }

    private func search(_ text: String) -> Outcome {
        StoredPlace.withBytes(of: text) { bytes in
            needle.withUnsafeBufferPointer { needle in
                if TextFolding.contains(needle, in: bytes) { return .found }
                return TextFolding.isASCII(bytes) ? .absent : .unknown
            }
        }
    }

    private func search(folded: [UInt8]?) -> Bool {
        guard let folded else { return false }
        return folded.withUnsafeBufferPointer { folded in
            needle.withUnsafeBufferPointer { TextFolding.contains($0, in: folded) }
        }
    }
}
