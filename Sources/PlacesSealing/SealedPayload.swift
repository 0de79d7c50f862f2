import PlacesModel

/// The fields of a place that are sealed, and their compact binary form (before encryption).
///
/// Layout, version 1: the version byte, latitude and longitude as IEEE 754 binary64 little-endian, the name's
/// UTF-8 length as an unsigned LEB128 number, the name's UTF-8, then the description's UTF-8 to the end.
///
/// Version 2, for a place with tags: the same, with the tags' stored form (`joinedTags`) as a LEB128 length and
/// its UTF-8 between the name and the description. A place without tags is still written in version 1, so the
/// rows sealed before tags existed are exactly what this build writes for them.
package struct SealedPayload: Equatable, Sendable {
    /// The layout version byte of a payload without tags.
    package static let version: UInt8 = 1
    /// The layout version byte of a payload with tags.
    package static let taggedVersion: UInt8 = 2
    /// What separates tags in their stored form: a control character, which no tag has.
    package static let tagSeparator: Unicode.Scalar = "\u{1F}"
    /// The fewest bytes a payload has: version, two coordinates, a one-byte length.
    package static let minimumCount = 1 + 8 + 8 + 1

    /// The place's name.
    package var name: String
    /// The place's description.
    package var description: String
    /// Where the place is.
    package var coordinate: Coordinate
    /// The place's tags.
    package var tags: [String]

    /// The sealed fields of `place`.
    package init(_ place: Place) {
        self.init(name: place.name, description: place.description, coordinate: place.coordinate, tags: place.tags)
    }

    /// Creates a payload from its fields.
    package init(name: String, description: String, coordinate: Coordinate, tags: [String] = []) {
        self.name = name
        self.description = description
        self.coordinate = coordinate
        self.tags = tags
    }

    /// Tags in the form a column or a payload stores them: joined by `tagSeparator` ("" for none).
    package static func joinedTags(_ tags: [String]) -> String {
        tags.isEmpty ? "" : tags.joined(separator: String(tagSeparator))
    }

    /// Tags from their stored form.
    package static func splitTags(_ stored: String) -> [String] {
        if stored.isEmpty { return [] }
        // One tag, the usual case, is the stored string itself: no copy (a store is loaded a row at a time).
        guard stored.unicodeScalars.contains(tagSeparator) else { return [stored] }
        return stored.unicodeScalars.split(separator: tagSeparator).map { String($0) }
    }

    /// The number of bytes `encode(into:)` writes.
    package var encodedCount: Int {
        let nameCount = name.utf8.count
        var count = 1 + 8 + 8 + Self.lengthCount(nameCount) + nameCount + description.utf8.count
        if !tags.isEmpty {
            let tagsCount = Self.joinedTags(tags).utf8.count
            count += Self.lengthCount(tagsCount) + tagsCount
        }
        return count
    }

    /// Writes the payload at the start of `buffer`, which holds at least `encodedCount` bytes.
    package func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var offset = 0
        buffer[offset] = tags.isEmpty ? Self.version : Self.taggedVersion
        offset += 1
        buffer.storeBytes(of: coordinate.latitude.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset += 8
        buffer.storeBytes(of: coordinate.longitude.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset += 8
        func put(_ text: String, withLength: Bool) {
            if withLength {
                var length = text.utf8.count
                while length >= 0x80 {
                    buffer[offset] = UInt8(truncatingIfNeeded: length) | 0x80
                    offset += 1
                    length >>= 7
                }
                buffer[offset] = UInt8(length)
                offset += 1
            }
            for byte in text.utf8 {
                buffer[offset] = byte
                offset += 1
            }
        }
        put(name, withLength: true)
        if !tags.isEmpty { put(Self.joinedTags(tags), withLength: true) }
        put(description, withLength: false)
    }

    /// Reads a payload, its tags through `tagLists` when given (see `StoredTagLists`); nil if the bytes are not a
    /// payload of a known version.
    package init?(decoding bytes: UnsafeRawBufferPointer, tagLists: StoredTagLists? = nil) {
        guard bytes.count >= Self.minimumCount, bytes[0] == Self.version || bytes[0] == Self.taggedVersion else {
            return nil
        }
        let latitude = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt64.self)))
        let longitude = Double(
            bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 9, as: UInt64.self)))
        var offset = 17
        func text() -> String? {
            guard let range = field() else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func field() -> Range<Int>? {
            var length = 0
            var shift = 0
            while true {
                guard offset < bytes.count, shift < 32 else { return nil }
                let byte = bytes[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            guard length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return offset..<offset + length
        }
        guard let name = text() else { return nil }
        self.name = name
        if bytes[0] == Self.taggedVersion {
            guard let range = field() else { return nil }
            let stored = UnsafeRawBufferPointer(rebasing: bytes[range])
            self.tags = tagLists?.tags(stored) ?? Self.splitTags(String(decoding: stored, as: UTF8.self))
        } else {
            self.tags = []
        }
        self.description = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<bytes.count]), as: UTF8.self)
        self.coordinate = Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func lengthCount(_ length: Int) -> Int {
        var count = 1
        var rest = length >> 7
        while rest > 0 {
            count += 1
            rest >>= 7
        }
        return count
    }
}
