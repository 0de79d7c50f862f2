import PlacesState

/// What another host committed, as a shared engine brings it in.
package enum CatchUp: Sendable {
    /// The changes in revision order, each the next one after the state before it; empty when nothing is new.
    case changes([LoggedChange])
    /// The change log no longer reaches back to the state the engine returned last: it read the whole state
    /// again.
    case reloaded(StoreState)
    /// The database cannot be reached or refused the reading; nothing was brought in.
    case failed(StoreError)
}
