import PlacesSealing
import PlacesState

/// How the store keeps its places' private fields, decided from the database's key check and the key supplied.
enum StoreSealing: Sendable {
    /// A plaintext store opened without a key.
    case plaintext
    /// A plaintext store opened with a key: it is to be sealed with `cipher` now.
    case sealing(PlaceCipher)
    /// A sealed store opened with its key.
    case sealed(PlaceCipher)
    /// A sealed store opened without a key; `keyCheck` recognizes the key that unlocks it.
    case locked(keyCheck: [UInt8])

    /// Decides for the database at `path` with `keyCheck` (nil for a plaintext store) opened with `key`; throws
    /// `StoreError.wrongKey` if the key is not the store's.
    static func decide(keyCheck: [UInt8]?, key: StoreKey?, path: String) throws(StoreError) -> StoreSealing {
        switch (keyCheck, key) {
        case (nil, nil): return .plaintext
        case (nil, let key?): return .sealing(PlaceCipher(key: key))
        case (let check?, nil): return .locked(keyCheck: check)
        case (let check?, let key?):
            guard KeyCheck.verify(check, matches: key) else { throw .wrongKey(path: path) }
            return .sealed(PlaceCipher(key: key))
        }
    }

    /// Reads `meta.key_check` through `connection`, whose schema is the latest.
    static func keyCheck(of connection: SQLiteConnection) throws(StoreError) -> [UInt8]? {
        do {
            let statement = try connection.prepare("SELECT key_check FROM meta WHERE singleton = 1")
            guard try statement.step() else {
                throw StoreError.cannotOpen(path: connection.path, reason: "the meta table is missing its placesd row")
            }
            return statement.bytes(at: 0)
        } catch {
            throw .opening(connection.path, error)
        }
    }

    /// The cipher that opens the rows to load: nil for a plaintext store (and one about to be sealed).
    var loadingCipher: PlaceCipher? {
        if case .sealed(let cipher) = self { cipher } else { nil }
    }

    /// The cipher that seals rows written from now on: nil for a plaintext or locked store.
    var writingCipher: PlaceCipher? {
        switch self {
        case .sealing(let cipher), .sealed(let cipher): cipher
        case .plaintext, .locked: nil
        }
    }

    /// Whether the database holds (or is about to hold) sealed places.
    var isEncrypted: Bool {
        if case .plaintext = self { false } else { true }
    }

    /// Whether the places are not loaded for want of the key.
    var isLocked: Bool {
        if case .locked = self { true } else { false }
    }
}
