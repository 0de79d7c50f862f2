import PlacesState

/// An engine shared by many hosts: besides what every engine does, it brings in what the other hosts committed
/// (`beginBatch()`, `follow()`), which the writer applies to its state before its own batch, so that a batch is
/// decided on current data.
///
/// The writer asks whether its engine is of this kind once, when it takes the engine over; a batch over an
/// engine that is not shared writes with `commit(_:changes:next:)` alone.
package protocol SharedPersistenceEngine: PersistenceEngine {
    /// Why the database cannot be reached at the moment (it is being reconnected to), or nil.
    var problem: String? { get }

    /// Starts a batch: takes the store's write lock and returns what the other hosts committed after the last
    /// state the engine returned.
    ///
    /// Every begin that did not fail is followed by `commit(_:changes:next:)`, `commitAhead(next:)` or
    /// `endBatch()`.
    func beginBatch() -> CatchUp

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
    /// sent, the batch cannot be taken back. Returns false when nothing was sent. A connection that fails while
    /// sending counts as sent: the commit then reports an unknown outcome.
    func sendAhead(_ additions: [LoggedChange]) -> Bool

    /// Waits for the outcome of what `sendAhead(_:)` sent, `next` being the state after it; as
    /// `commit(_:changes:next:)`.
    func commitAhead(next: StoreState) -> EngineCommit

    /// What the other hosts committed after the last state the engine returned, read without the write lock:
    /// how an idle host follows the others.
    func follow() -> CatchUp

    /// Has `wake` called (on any thread) whenever others may have committed something that `follow()` would
    /// bring in, with the store revision they reached when the engine knows it.
    func startFollowing(_ wake: @escaping @Sendable (_ revision: Int64?) -> Void)

    /// Reads the whole state again, for when the state the store holds does not follow the change log.
    func reload() -> Result<StoreState, StoreError>
}
