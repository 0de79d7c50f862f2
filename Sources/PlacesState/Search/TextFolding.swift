import PlacesModel

/// Text as search and the name order compare it: case and accents ignored ("Zürich" is "zurich", "São Paulo"
/// is "sao paulo").
///
/// ASCII text is folded a byte at a time where it is read, without allocating: its folded form is its bytes
/// with `A`–`Z` lowered. Other text is folded once by the model's folding (`PlacesModel.TextFolding`, the one
/// tags are compared with, so that a search and a tag filter agree) and kept with the stored place
/// (`StoredPlace.folding`), so that only places whose text is not ASCII hold a folded copy.
package enum TextFolding {
    /// The folded UTF-8 bytes of `text`.
    package static func folded(_ text: String) -> [UInt8] {
        if isASCII(text) { return text.utf8.map(lowered) }
        return Array(PlacesModel.TextFolding.fold(text).utf8)
    }

    /// The folded bytes of `text`, or nil when it is ASCII (and so folds by lowering each byte).
    package static func foldedIfNotASCII(_ text: String) -> [UInt8]? {
        isASCII(text) ? nil : folded(text)
    }

    /// `byte` with `A`–`Z` lowered.
    @inline(__always) package static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    /// Whether every byte of `text` is ASCII.
    package static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isASCII) ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether every byte is ASCII.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }

    /// Whether `needle` (folded, not empty) occurs in `haystack`, whose bytes are lowered as they are read.
    package static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool
    {
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        let last = haystack.count - count
        while start <= last {
            if lowered(haystack[start]) == first {
                var offset = 1
                while offset < count, lowered(haystack[start + offset]) == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            start += 1
        }
        return false
    }

    /// Compares two byte strings, each lowered as it is read: negative when `lhs` comes first, 0 when equal.
    package static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(lhs.count, rhs.count)
        var offset = 0
        while offset < common {
            let left = lowered(lhs[offset])
            let right = lowered(rhs[offset])
            if left != right { return Int(left) - Int(right) }
            offset += 1
        }
        return lhs.count - rhs.count
    }

    /// The eight folded bytes of `bytes` from `start` on, big-endian, zero-padded: an order-preserving summary
    /// that decides most comparisons without reading the text.
    package static func leadingKey(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> UInt64 {
        var key: UInt64 = 0
        for offset in start..<(start + 8) {
            key <<= 8
            if offset < bytes.count { key |= UInt64(lowered(bytes[offset])) }
        }
        return key
    }
}
