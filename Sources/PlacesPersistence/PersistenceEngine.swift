import PlacesModel
import PlacesSealing
import PlacesState

/// Where a store keeps its places: the one part of the store that knows how they are persisted.
///
/// A store opens its engine, takes the state the engine loaded, and from then on hands it, one batch at a time,
/// the rows a batch of changes writes and the state after them; only the store's writer calls an engine, on one
/// queue. SQLite is the embedded engine; an engine shared by many hosts also brings in what the other hosts
/// committed (`beginBatch()`, `follow()`), which the writer applies to its state before its own batch, so that a
/// batch is decided on current data.
package protocol PersistenceEngine: AnyObject {
    /// What the engine keeps its places in, as messages and `server.status` name it (a file's path).
    var location: String { get }
    /// Whether the places are sealed with a key (whether or not the store is unlocked).
    var isEncrypted: Bool { get }
    /// Whether the places are sealed and the engine has not got their key: it loaded none.
    var isLocked: Bool { get }
    /// Why no batch can be committed now (the engine is closed, or unusable since a failure), or nil.
    var refusal: StoreError? { get }
    /// Why the database cannot be reached at the moment (it is being reconnected to), or nil.
    var problem: String? { get }

    /// The state as the engine loaded it when it opened.
    func load() -> StoreState

    /// Starts a batch: an engine shared by many hosts takes the store's write lock here and returns what the
    /// other hosts committed after the last state it returned; the embedded engine has nothing to bring in.
    ///
    /// Every begin that did not fail is followed by `commit(_:changes:next:)` or `endBatch()`.
    func beginBatch() -> CatchUp

    /// Writes `writes` and commits them in one transaction, with the owners' and the store's revisions of
    /// `next`, the state after them; `changes` are the changes they make, in order, for the change log.
    ///
    /// Nothing is changed unless the commit is whole. After a failure the engine has put itself back to a
    /// committed state, which it returns if it is not the one before the batch (it reloaded what the disk holds).
    func commit(_ writes: [PlaceWrite], changes: [LoggedChange], next: StoreState) -> EngineCommit

    /// Ends a batch begun with `beginBatch()` that writes nothing (it lets the write lock go), or one that
    /// `sendAhead(_:)` sent and that is not to be reported as committed: it waits for the outcome of the COMMIT
    /// that went with it, and leaves the state it returns where it was, so that whatever was saved comes in from
    /// the change log like another host's change.
    func endBatch()

    /// Whether `sendAhead(_:)` can send anything: a batch is foretold only for an engine that sends ahead.
    var sendsAhead: Bool { get }

    /// Sends, in the batch begun, the statements that write `additions` (places added at the end of their lists,
    /// as `StoreState.foretellAdditions` tells them) and the COMMIT, without waiting, so that the database runs
    /// them, and ends the transaction and its write lock, while the writer makes the changes in memory; the
    /// batch then ends with `commitAhead(next:)`, or with `endBatch()` if the changes came out otherwise. Once
    /// sent, the batch cannot be taken back. Returns false when nothing was sent: the engine does not send ahead
    /// (the embedded one). A connection that fails while sending counts as sent: the commit then reports an
    /// unknown outcome.
    func sendAhead(_ additions: [LoggedChange]) -> Bool

    /// Waits for the outcome of what `sendAhead(_:)` sent, `next` being the state after it; as
    /// `commit(_:changes:next:)`.
    func commitAhead(next: StoreState) -> EngineCommit

    /// What the other hosts committed after the last state the engine returned, read without the write lock:
    /// how an idle host follows the others. The embedded engine has nothing to bring in.
    func follow() -> CatchUp

    /// Has `wake` called (on any thread) whenever others may have committed something that `follow()` would
    /// bring in, with the store revision they reached when the engine knows it; the embedded engine never calls
    /// it.
    func startFollowing(_ wake: @escaping @Sendable (_ revision: Int64?) -> Void)

    /// The changes the change log holds after `revision`, in order: `owner`'s after its revision `revision`, or
    /// with nil every owner's after the store revision `revision`. The log may no longer reach back that far,
    /// and may hold changes newer than the state the engine returned last.
    func loggedChanges(after revision: Int64, of owner: UserID?) -> Result<[PlaceChange], StoreError>

    /// Reads the whole state again, for when the state the store holds does not follow the change log.
    func reload() -> Result<StoreState, StoreError>

    /// Checks `key` against sealed places and, if it is theirs and the engine is locked, loads and decrypts them;
    /// returns the state loaded, or nil if nothing changed (it was unlocked with this key already).
    func unlock(with key: StoreKey) -> Result<StoreState?, StoreError>

    /// Moves what is pending into the main storage (a checkpoint) and closes; later commits are refused with
    /// `StoreError.closed`. Idempotent.
    func close()
}

/// What another host committed, as an engine brings it in.
package enum CatchUp: Sendable {
    /// The changes in revision order, each the next one after the state before it; empty when nothing is new.
    case changes([LoggedChange])
    /// The change log no longer reaches back to the state the engine returned last: it read the whole state
    /// again.
    case reloaded(StoreState)
    /// The database cannot be reached or refused the reading; nothing was brought in.
    case failed(StoreError)
}

/// How an engine's commit ended.
package enum EngineCommit: Sendable {
    /// The batch is committed; `reloaded` is the state the engine read back while recovering from an error
    /// that turned out to leave the batch committed, nil when the state after the batch is the one given.
    case committed(reloaded: StoreState?)
    /// The batch is not committed, for `reason`; `reloaded` is the committed state when the engine had to read
    /// it back, nil when it is the one before the batch.
    case failed(reason: String, reloaded: StoreState?)
    /// The connection was lost while the commit was under way, or the database warned that it committed
    /// without the confirmation it waits for: the batch may or may not be committed, and the change log will
    /// tell.
    case unknown(reason: String)
}

extension PersistenceEngine {
    /// Engines that commit in one local call have nothing to overlap: they never send ahead.
    package var sendsAhead: Bool { false }

    package func sendAhead(_ additions: [LoggedChange]) -> Bool { false }

    package func commitAhead(next: StoreState) -> EngineCommit {
        .failed(reason: "nothing was sent ahead", reloaded: nil)
    }
}
