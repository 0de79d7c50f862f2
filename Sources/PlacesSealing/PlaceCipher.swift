import CSodium
import PlacesModel

/// Seals and opens places' private fields with one key: XChaCha20-Poly1305 (IETF), a fresh random nonce per
/// seal, and the place's id and owner as associated data, so a sealed value only opens in the row it was made for.
///
/// A sealed value is the 24-byte nonce followed by the ciphertext of a `SealedPayload` and its 16-byte tag.
package struct PlaceCipher: Sendable {
    /// The key.
    package let key: StoreKey

    /// The nonce's length, stored before the ciphertext.
    package static let nonceCount = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    /// The authentication tag's length, after the encrypted payload.
    package static let tagCount = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    /// What sealing adds to a payload.
    package static let overhead = nonceCount + tagCount
    /// The associated data's length: the id's 16 bytes (big-endian, as the `id` column holds it), then the owner's
    /// uid as 4 bytes little-endian.
    package static let associatedDataCount = 20

    /// Uses `key`.
    package init(key: StoreKey) {
        Sodium.initialize()
        self.key = key
    }

    /// Seals `payload` for the place `id` of `owner`.
    package func seal(_ payload: SealedPayload, id: PlaceID, owner: UserID) -> [UInt8] {
        let plainCount = payload.encodedCount
        var plain = [UInt8](repeating: 0, count: plainCount)
        defer { sodium_memzero(&plain, plainCount) }
        plain.withUnsafeMutableBytes { payload.encode(into: $0) }
        var sealed = [UInt8](repeating: 0, count: Self.nonceCount + plainCount + Self.tagCount)
        sealed.withUnsafeMutableBufferPointer { sealed in
            let nonce = sealed.baseAddress!
            randombytes_buf(nonce, Self.nonceCount)
            Self.withAssociatedData(id: id, owner: owner) { associated in
                key.withUnsafeBytes { key in
                    _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                        nonce + Self.nonceCount, nil, plain, UInt64(plainCount), associated,
                        UInt64(Self.associatedDataCount), nil, nonce, key)
                }
            }
        }
        return sealed
    }

    /// Opens a sealed value of the place `id` of `owner`; nil if it was not sealed with this key for this place,
    /// or was changed since.
    ///
    /// `scratch` is reused between calls to hold the decrypted bytes; it is wiped before the call returns. The tags
    /// are read through `tagLists` when given (see `StoredTagLists`).
    package func open(
        _ sealed: UnsafeRawBufferPointer, id: PlaceID, owner: UserID, scratch: inout [UInt8],
        tagLists: StoredTagLists? = nil
    ) -> SealedPayload? {
        guard sealed.count >= Self.overhead + SealedPayload.minimumCount, let base = sealed.baseAddress else {
            return nil
        }
        let plainCount = sealed.count - Self.overhead
        if scratch.count < plainCount {
            scratch = [UInt8](repeating: 0, count: plainCount)
        }
        return scratch.withUnsafeMutableBytes { plain -> SealedPayload? in
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            let result = Self.withAssociatedData(id: id, owner: owner) { associated in
                key.withUnsafeBytes { key in
                    crypto_aead_xchacha20poly1305_ietf_decrypt(
                        plain.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil, bytes + Self.nonceCount,
                        UInt64(sealed.count - Self.nonceCount), associated, UInt64(Self.associatedDataCount), bytes,
                        key)
                }
            }
            defer { sodium_memzero(plain.baseAddress!, plainCount) }
            guard result == 0 else { return nil }
            return SealedPayload(
                decoding: UnsafeRawBufferPointer(rebasing: plain[0..<plainCount]), tagLists: tagLists)
        }
    }

    /// Calls `body` with the associated data of the place `id` of `owner`, on the stack.
    private static func withAssociatedData<Result>(
        id: PlaceID, owner: UserID, _ body: (UnsafePointer<UInt8>) -> Result
    ) -> Result {
        // A tuple of these three is laid out without padding between them: exactly the 20 bytes.
        withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian, owner.littleEndian)) { bytes in
            body(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }
}
