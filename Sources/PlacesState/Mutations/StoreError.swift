import PlacesModel

/// Why the store refused a mutation or could not open its database.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No place with this id belongs to the caller (it may exist for another owner).
    case notFound(PlaceID)
    /// `ifVersion` did not match; the place is at `currentVersion`.
    case conflict(currentVersion: Int64)
    /// A place with this id exists already (of any owner), or an import gives it twice.
    case duplicateID(PlaceID)
    /// A limit would be exceeded, e.g. too many places for one owner; the text says which.
    case limitReached(String)
    /// The disk refused the write (full, I/O error); nothing was changed.
    case storage(String)
    /// The commit was under way when the database went away (or it committed without the confirmation it waits
    /// for): the change may or may not be committed; the change log tells.
    case outcomeUnknown(String)
    /// The database cannot be used: corrupt, not a placesd database, a newer schema, no permission, in use.
    case cannotOpen(path: String, reason: String)
    /// The mutation was submitted after `PlaceStore.close()`.
    case closed
    /// The store is sealed and was opened without its key: nothing can be read or changed until it is unlocked.
    case locked
    /// The key given does not open the sealed database at `path`.
    case wrongKey(path: String)
    /// A key was used with a store that holds its places in plaintext.
    case notEncrypted
    /// An undo cannot be done; the text says why (nothing to undo, the log no longer holds the change, or the
    /// place changed since).
    case cannotUndo(String)

    /// A sentence describing the error, e.g. `database '/var/lib/placesd/places.sqlite': file is not a database`.
    public var description: String {
        switch self {
        case .notFound(let id): "no place with id '\(id)'"
        case .conflict(let currentVersion): "the place has changed: it is at version \(currentVersion)"
        case .duplicateID(let id): "a place with id '\(id)' already exists"
        case .limitReached(let reason): reason
        case .storage(let reason): "failed to save the change, nothing was changed: \(reason)"
        case .outcomeUnknown(let reason): "the change may or may not have been saved: \(reason)"
        case .cannotOpen(let path, let reason): "database '\(path)': \(reason)"
        case .closed: "the store is closed"
        case .locked: "the store is locked: unlock it with its key"
        case .wrongKey(let path): "database '\(path)' is sealed with a different key"
        case .notEncrypted: "the store is not encrypted"
        case .cannotUndo(let reason): reason
        }
    }
}
