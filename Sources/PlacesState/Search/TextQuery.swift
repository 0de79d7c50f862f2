import PlacesModel

/// A folded text search (`query`): whether a place's folded name or description contains the folded query.
package struct TextQuery: Sendable, Hashable {
    /// The folded query's bytes, never empty.
    package let needle: [UInt8]

    /// The search for `text`, or nil for an empty one (which every place matches).
    package init?(_ text: String) {
        let needle = TextFolding.folded(text)
        guard !needle.isEmpty else { return nil }
        self.needle = needle
    }

    /// Whether `stored`'s name or description contains the query, folded.
    ///
    /// ASCII text is searched where it is stored, lowering bytes as they are read; only when that finds nothing
    /// in text that is not ASCII is the folded copy (made once, kept with the place) searched.
    package func matches(_ stored: StoredPlace) -> Bool {
        needle.withUnsafeBufferPointer { needle in
            matches(needle, stored.place.name, folded: { $0.name }, stored: stored)
                || matches(needle, stored.place.description, folded: { $0.description }, stored: stored)
        }
    }

    private func matches(
        _ needle: UnsafeBufferPointer<UInt8>, _ text: String, folded: (FoldedText) -> [UInt8]?, stored: StoredPlace
    ) -> Bool {
        let (found, isASCII) = StoredPlace.withBytes(of: text) { bytes in
            (TextFolding.contains(needle, in: bytes), TextFolding.isASCII(bytes))
        }
        if found || isASCII { return found }
        guard let foldedText = folded(stored.folding) else { return false }
        return foldedText.withUnsafeBufferPointer { TextFolding.contains(needle, in: $0) }
    }
}
