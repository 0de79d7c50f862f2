import PlacesState

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
