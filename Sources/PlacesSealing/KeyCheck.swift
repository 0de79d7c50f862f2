import CSodium

/// What a sealed store keeps in `meta.key_check` to recognize its key without revealing it.
///
/// Layout, version 1: the version byte, a random 16-byte salt, then the 32-byte BLAKE2b (`crypto_generichash`)
/// keyed with the store key over the context string followed by the salt. Without the key nothing about it can be
/// learnt from the value; the salt keeps two stores sealed with the same key from having the same value.
package enum KeyCheck {
    /// The current layout's version byte.
    package static let version: UInt8 = 1
    private static let saltCount = 16
    private static let hashCount = 32
    private static let context = Array("placesd store key check".utf8)
    /// A key check's length in bytes.
    package static let count = 1 + saltCount + hashCount

    /// A new key check for `key`, with a fresh salt.
    package static func make(for key: StoreKey) -> [UInt8] {
        Sodium.initialize()
        var salt = [UInt8](repeating: 0, count: saltCount)
        randombytes_buf(&salt, saltCount)
        return [version] + salt + hash(key, salt: salt[...])
    }

    /// Whether `stored` is a key check made for `key`; false for one of an unknown version (which cannot match).
    package static func verify(_ stored: [UInt8], matches key: StoreKey) -> Bool {
        guard stored.count == count, stored[0] == version else { return false }
        let expected = hash(key, salt: stored[1..<(1 + saltCount)])
        let actual = Array(stored[(1 + saltCount)...])
        return sodium_memcmp(expected, actual, hashCount) == 0
    }

    private static func hash(_ key: StoreKey, salt: ArraySlice<UInt8>) -> [UInt8] {
        Sodium.initialize()
        let message = context + salt
        var output = [UInt8](repeating: 0, count: hashCount)
        key.withUnsafeBytes { key in
            _ = crypto_generichash(
                &output, hashCount, message, UInt64(message.count), key, StoreKey.byteCount)
        }
        return output
    }
}
