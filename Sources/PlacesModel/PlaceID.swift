/// The identity of a place: a random (version 4) UUID, written in canonical lower case.
public struct PlaceID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 128 bits, most significant first.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates an id from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Creates a new random version 4 UUID.
    public static func random() -> PlaceID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Creates a new random version 4 UUID from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> PlaceID {
        let high = (generator.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (generator.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return PlaceID(high: high, low: low)
    }

    /// Parses the 36-character hyphenated form, in any letter case.
    public init?(_ text: String) {
        self.init(utf8: text.utf8)
    }

    /// Parses the 36-character hyphenated form, in any letter case.
    public init?(_ text: Substring) {
        self.init(utf8: text.utf8)
    }

    /// Parses the 36-character hyphenated form from its UTF-8 bytes, in any letter case.
    public init?(utf8 bytes: some Sequence<UInt8>) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var nibbles = 0
        var position = 0
        for byte in bytes {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = PlaceID.hexValue(byte) else { return nil }
            if nibbles < 16 {
                high = high << 4 | UInt64(value)
            } else {
                low = low << 4 | UInt64(value)
            }
            nibbles += 1
        }
        guard position == 36, nibbles == 32 else { return nil }
        self.init(high: high, low: low)
    }

    /// The canonical lower-case hyphenated form.
    public var description: String {
        String(unsafeUninitializedCapacity: Self.canonicalLength) { buffer in
            writeCanonical(to: buffer)
            return Self.canonicalLength
        }
    }

    /// The bytes of the canonical form.
    public static let canonicalLength = 36

    /// Writes the canonical lower-case hyphenated form into the first `canonicalLength` bytes of `buffer`,
    /// for writers that put ids into documents without making a `String` of each.
    public func writeCanonical(to buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= Self.canonicalLength)
        let text = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
        let hyphen = UInt8(ascii: "-")
        // 8-4-4-4-12, each run's digits stored at once.
        text.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), toByteOffset: 0, as: UInt64.self)
        text.storeBytes(of: hyphen, toByteOffset: 8, as: UInt8.self)
        text.storeBytes(of: Self.hexDigits(UInt16(truncatingIfNeeded: high >> 16)), toByteOffset: 9, as: UInt32.self)
        text.storeBytes(of: hyphen, toByteOffset: 13, as: UInt8.self)
        text.storeBytes(of: Self.hexDigits(UInt16(truncatingIfNeeded: high)), toByteOffset: 14, as: UInt32.self)
        text.storeBytes(of: hyphen, toByteOffset: 18, as: UInt8.self)
        text.storeBytes(of: Self.hexDigits(UInt16(truncatingIfNeeded: low >> 48)), toByteOffset: 19, as: UInt32.self)
        text.storeBytes(of: hyphen, toByteOffset: 23, as: UInt8.self)
        text.storeBytes(of: Self.hexDigits(UInt16(truncatingIfNeeded: low >> 32)), toByteOffset: 24, as: UInt32.self)
        text.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low)), toByteOffset: 28, as: UInt64.self)
    }

    /// The eight lower-case hexadecimal digits of `value`, most significant first, as a word whose bytes in memory
    /// are the digits in order.
    ///
    /// Each nibble is spread into a byte of its own (byte k holding nibble k, counted from the least significant),
    /// then every byte turned into its digit at once: '0' added, and 39 more to the bytes of 10 and above (those
    /// that reach 16 once 6 is added), so that 10 becomes 'a'. Storing the big-endian form puts the most significant
    /// digit first on any machine.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39).bigEndian
    }

    /// The four lower-case hexadecimal digits of `value`, as `hexDigits(_: UInt32)` makes eight.
    @inline(__always)
    static func hexDigits(_ value: UInt16) -> UInt32 {
        var nibbles = UInt32(value)
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F
        let letters = ((nibbles &+ 0x0606_0606) >> 4) & 0x0101_0101
        return (nibbles &+ 0x3030_3030 &+ letters &* 39).bigEndian
    }

    /// Orders ids by their bits, so prefix lookups can use a sorted collection.
    public static func < (lhs: PlaceID, rhs: PlaceID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
