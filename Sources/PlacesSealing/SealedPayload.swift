import PlacesModel

/// The fields of a place that are sealed, and their compact binary form (before encryption).
///
/// Layout, version 1: the version byte, latitude and longitude as IEEE 754 binary64 little-endian, the name's
/// UTF-8 length as an unsigned LEB128 number, the name's UTF-8, then the description's UTF-8 to the end.
package struct SealedPayload: Equatable, Sendable {
    /// The current layout's version byte.
    package static let version: UInt8 = 1
    /// The fewest bytes a payload has: version, two coordinates, a one-byte length.
    package static let minimumCount = 1 + 8 + 8 + 1

    /// The place's name.
    package var name: String
    /// The place's description.
    package var description: String
    /// Where the place is.
    package var coordinate: Coordinate

    /// The sealed fields of `place`.
    package init(_ place: Place) {
        self.init(name: place.name, description: place.description, coordinate: place.coordinate)
    }

    /// Creates a payload from its fields.
    package init(name: String, description: String, coordinate: Coordinate) {
        self.name = name
        self.description = description
        self.coordinate = coordinate
    }

    /// The number of bytes `encode(into:)` writes.
    package var encodedCount: Int {
        let nameCount = name.utf8.count
        return 1 + 8 + 8 + Self.lengthCount(nameCount) + nameCount + description.utf8.count
    }

    /// Writes the payload at the start of `buffer`, which holds at least `encodedCount` bytes.
    package func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var offset = 0
        buffer[offset] = Self.version
        offset += 1
        buffer.storeBytes(of: coordinate.latitude.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset += 8
        buffer.storeBytes(of: coordinate.longitude.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset += 8
        var length = name.utf8.count
        while length >= 0x80 {
            buffer[offset] = UInt8(truncatingIfNeeded: length) | 0x80
            offset += 1
            length >>= 7
        }
        buffer[offset] = UInt8(length)
        offset += 1
        for text in [name, description] {
            for byte in text.utf8 {
                buffer[offset] = byte
                offset += 1
            }
        }
    }

    /// Reads a payload; nil if the bytes are not a payload of a known version.
    package init?(decoding bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.minimumCount, bytes[0] == Self.version else { return nil }
        let latitude = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt64.self)))
        let longitude = Double(
            bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 9, as: UInt64.self)))
        var offset = 17
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
        let nameEnd = offset + length
        self.name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<nameEnd]), as: UTF8.self)
        self.description = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[nameEnd..<bytes.count]), as: UTF8.self)
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
