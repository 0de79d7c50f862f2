import PlacesModel
import PlacesSealing
import PlacesState

/// Where a store keeps its places: the one part of the store that knows how they are persisted.
///
/// A store is handed its engine opened (see `EngineKind`), takes the state the engine loaded, and from then on
/// hands it, one batch at a time, the rows a batch of changes writes and the state after them; only the store's
/// writer calls an engine, on one queue. This is what every engine does; an engine shared by many hosts also
/// brings in what the other hosts committed (`SharedPersistenceEngine`).
package protocol PersistenceEngine: AnyObject {
    /// What the engine keeps its places in, as messages and `server.status` name it (a file's path).
    var location: String { get }
    /// Whether the places are sealed with a key (whether or not the store is unlocked).
    var isEncrypted: Bool { get }
    /// Whether the places are sealed and the engine has not got their key: it loaded none.
    var isLocked: Bool { get }
    /// Why no batch can be committed now (the engine is closed, or unusable since a failure), or nil.
    var refusal: StoreError? { get }

    /// The state as the engine loaded it when it opened.
    func load() -> StoreState

    /// Writes `writes` and commits them in one transaction, with the owners' and the store's revisions of
    /// `next`, the state after them; `changes` are the changes they make, in order, for the change log.
    ///
    /// Nothing is changed unless the commit is whole. After a failure the engine has put itself back to a
    /// committed state, which it returns if it is not the one before the batch (it reloaded what the disk holds).
    func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit

    /// The changes the change log holds after `revision`, in order: `owner`'s after its revision `revision`, or
    /// with nil every owner's after the store revision `revision`. The log may no longer reach back that far,
    /// and may hold changes newer than the state the engine returned last.
    func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError>

    /// Checks `key` against sealed places and, if it is theirs and the engine is locked, loads and decrypts them;
    /// returns the state loaded, or nil if nothing changed (it was unlocked with this key already).
    func unlock(with key: StoreKey) -> Result<StoreState?, StoreError>

    /// Moves what is pending into the main storage (a checkpoint) and closes; later commits are refused with
    /// `StoreError.closed`. Idempotent.
    func close()
}
