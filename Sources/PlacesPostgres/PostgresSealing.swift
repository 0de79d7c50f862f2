import PlacesSealing
import PlacesState

/// How a PostgreSQL store keeps its places: in plaintext, sealed with the key the host has, or sealed and locked.
enum PostgresSealing {
    /// In plaintext: `meta.key_check` is NULL.
    case plaintext
    /// Sealed, and this host has the key.
    case sealed(PlaceCipher, keyCheck: [UInt8])
    /// Sealed, and this host has no key yet.
    case locked(keyCheck: [UInt8])

    /// The cipher rows are written and read with; nil in plaintext or while locked.
    var cipher: PlaceCipher? {
        if case .sealed(let cipher, _) = self { cipher } else { nil }
    }

    /// What `meta.key_check` holds for this store.
    var keyCheck: [UInt8]? {
        switch self {
        case .plaintext: nil
        case .sealed(_, let check), .locked(let check): check
        }
    }
}
