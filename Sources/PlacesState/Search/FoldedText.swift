import PlacesModel

/// A place's name and description folded (`TextFolding`), each kept only where it is not ASCII.
package final class FoldedText: Sendable {
    /// The folded name, or nil when the name is ASCII.
    package let name: [UInt8]?
    /// The folded description, or nil when the description is ASCII.
    package let description: [UInt8]?

    /// Folds `place`'s texts.
    package init(_ place: Place) {
        name = TextFolding.foldedIfNotASCII(place.name)
        description = TextFolding.foldedIfNotASCII(place.description)
    }
}

extension StoredPlace {
    /// Calls `body` with the folded name's bytes, to be lowered as they are read (the name itself when ASCII).
    package func withFoldedName<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let folded = folding.name { return folded.withUnsafeBufferPointer(body) }
        return Self.withBytes(of: place.name, body)
    }

    /// Calls `body` with the bytes of `text`, copying them only when the string is not stored contiguously.
    package static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
