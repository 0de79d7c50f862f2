import PlacesSealing
import PlacesState

/// A kind of engine whose stores can be sealed again with another key while no store has them open
/// (`placesd rekey`).
package protocol RekeyingEngineKind: EngineKind {
    /// Re-seals every place of the store in `database` with `newKey` in one transaction, while no store has it
    /// open; a nil `oldKey` means the places are in plaintext now, a nil `newKey` that they are to be decrypted.
    ///
    /// Afterwards no copy sealed with the old key (or in plaintext) is left in the database. Throws
    /// `StoreError.cannotOpen` for a database in use, unusable or with a row that does not open, `.wrongKey` if
    /// `oldKey` is not the store's key, `.locked` if the store is sealed and `oldKey` is nil, and `.notEncrypted`
    /// if `oldKey` is given for a plaintext store; nothing is changed then.
    static func rekey(_ database: String, from oldKey: StoreKey?, to newKey: StoreKey?) throws(StoreError)
}
