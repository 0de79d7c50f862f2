import CSodium

/// A 32-byte secret key that seals a store's places, held in guarded memory (`sodium_malloc`) that is read-only
/// after creation and wiped when the key is released.
///
/// `@unchecked Sendable`: the bytes are written once in `init` (after which the memory is made read-only) and only
/// read afterwards, so sharing the pointer between threads is safe; `deinit` runs once no reference is left.
public final class StoreKey: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The length of a key, in bytes.
    public static let byteCount: Int = 32

    private let bytes: UnsafeMutableRawPointer

    /// Copies exactly `byteCount` bytes into guarded memory; throws for any other length.
    public init(bytes: some Collection<UInt8>) throws(StoreKeyError) {
        guard bytes.count == StoreKey.byteCount else {
            throw StoreKeyError(reason: "a store key is \(StoreKey.byteCount) bytes, got \(bytes.count)")
        }
        self.bytes = StoreKey.allocate()
        var offset = 0
        for byte in bytes {
            self.bytes.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        sodium_mprotect_readonly(self.bytes)
    }

    /// Reads a key file's contents: exactly 32 raw bytes, or the base64 text of 32 bytes (surrounding whitespace
    /// and newlines ignored).
    public convenience init(fileContents: [UInt8]) throws(StoreKeyError) {
        if fileContents.count == StoreKey.byteCount {
            try self.init(bytes: fileContents)
            return
        }
        let text = StoreKey.trimmingWhitespace(fileContents)
        var decoded = [UInt8](repeating: 0, count: StoreKey.byteCount + 3)
        defer { sodium_memzero(&decoded, decoded.count) }
        var length = 0
        let result = text.withUnsafeBufferPointer { text in
            sodium_base642bin(
                &decoded, decoded.count,
                text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                text.count, nil, &length, nil, sodium_base64_VARIANT_ORIGINAL)
        }
        guard result == 0, length == StoreKey.byteCount else {
            throw StoreKeyError(
                reason: "a key file holds \(StoreKey.byteCount) raw bytes or their base64 text (44 characters)")
        }
        try self.init(bytes: decoded.prefix(StoreKey.byteCount))
    }

    /// Creates a key of `byteCount` random bytes from the system's random source.
    public static func generate() -> StoreKey {
        StoreKey { randombytes_buf($0, StoreKey.byteCount) }
    }

    /// Wraps memory that `fill` writes the key into.
    private init(filling fill: (UnsafeMutableRawPointer) -> Void) {
        bytes = StoreKey.allocate()
        fill(bytes)
        sodium_mprotect_readonly(bytes)
    }

    deinit {
        sodium_mprotect_readwrite(bytes)
        sodium_memzero(bytes, StoreKey.byteCount)
        sodium_free(bytes)
    }

    /// The key as base64 text (standard alphabet, padded): what a key file may hold.
    public var base64: String {
        let length = 45  // sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_ORIGINAL), with the terminating NUL.
        var text = [CChar](repeating: 0, count: length)
        defer { sodium_memzero(&text, text.count) }
        _ = sodium_bin2base64(&text, length, bytes, StoreKey.byteCount, sodium_base64_VARIANT_ORIGINAL)
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Never shows the key: "StoreKey(32 bytes, hidden)".
    public var description: String { "StoreKey(\(StoreKey.byteCount) bytes, hidden)" }

    /// Never shows the key.
    public var debugDescription: String { description }

    /// Whether both keys hold the same bytes (compared in constant time).
    package func matches(_ other: StoreKey) -> Bool {
        sodium_memcmp(bytes, other.bytes, StoreKey.byteCount) == 0
    }

    /// Calls `body` with the key's 32 bytes, which it must not keep.
    package func withUnsafeBytes<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self))
    }

    private static func allocate() -> UnsafeMutableRawPointer {
        Sodium.initialize()
        guard let memory = sodium_malloc(byteCount) else {
            fatalError("sodium_malloc failed to allocate a \(byteCount)-byte key")
        }
        return memory
    }

    private static func trimmingWhitespace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }
}
