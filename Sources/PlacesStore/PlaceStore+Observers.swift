import PlacesModel

extension PlaceStore {
    /// The observer function, held in a struct so it keeps its own abstraction inside the lock.
    struct ChangeObserver: Sendable {
        /// Called with a batch's changes.
        let notify: @Sendable ([PlaceChange]) -> Void
    }

    /// The gap observer, boxed as `ChangeObserver` is.
    struct GapObserver: Sendable {
        /// Called when watchers missed changes.
        let notify: @Sendable () -> Void
    }

    /// The completions handler, boxed as `ChangeObserver` is.
    struct CompletionsDelivered: Sendable {
        /// Called after a set of completions.
        let handle: @Sendable () -> Void
    }

    /// Sets (or, with nil, removes) the function called on the writer queue after each committed batch with its
    /// changes in commit order, before the batch's completions run.
    public func setChangeObserver(_ observer: (@Sendable ([PlaceChange]) -> Void)?) {
        let boxed = observer.map(ChangeObserver.init(notify:))
        self.observer.withLock { $0 = boxed }
    }

    /// Sets (or, with nil, removes) the function called on the writer queue when the state was read again from the
    /// database (the change log no longer reached back to it): watchers then missed changes and must start again.
    public func setGapObserver(_ observer: (@Sendable () -> Void)?) {
        let boxed = observer.map(GapObserver.init(notify:))
        gapObserver.withLock { $0 = boxed }
    }

    /// Sets (or, with nil, removes) the function called on the writer queue after the completions of each batch
    /// have run: completions that only queue their replies can leave the wake-up of whoever takes them to it.
    public func setCompletionsDeliveredHandler(_ handler: (@Sendable () -> Void)?) {
        let boxed = handler.map(CompletionsDelivered.init(handle:))
        completionsDelivered.withLock { $0 = boxed }
    }
}
