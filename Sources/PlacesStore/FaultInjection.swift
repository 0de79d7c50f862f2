import Synchronization

/// Makes the store's storage operations fail on demand, so tests can check what a failed write leaves behind.
///
/// Arm it at any time; the writer consults it once per batch.
public final class FaultInjection: Sendable {
    /// Where an injected failure strikes.
    public enum Fault: Sendable, Hashable {
        /// `COMMIT` fails with `SQLITE_IOERR`; the real `ROLLBACK` runs.
        case commit
        /// `COMMIT` fails, and so does `ROLLBACK`: the store must reopen the database and reload.
        case commitAndRollback
    }

    private struct State {
        var faults: [Fault] = []
        var maximumPageCount: Int64?
        var isPageCountApplied = true
    }

    private let state = Mutex(State())

    /// Creates a hook that injects nothing until armed.
    public init() {}

    /// Makes the next batch that writes fail at `fault`; several calls queue several failures.
    public func failNextCommit(at fault: Fault = .commit) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Limits the database to `pages` pages (`PRAGMA max_page_count`; never below its current size), so growing
    /// it fails with a real `SQLITE_FULL`; nil lifts the limit.
    public func limitDatabaseSize(toPages pages: Int64?) {
        state.withLock {
            $0.maximumPageCount = pages
            $0.isPageCountApplied = false
        }
    }

    /// The next queued failure, removed from the queue.
    func takeFault() -> Fault? {
        state.withLock { $0.faults.isEmpty ? nil : $0.faults.removeFirst() }
    }

    /// The page limit to apply if it changed since the last call: `.some(nil)` means lift it.
    func takePageCountChange() -> Int64?? {
        state.withLock { state -> Int64?? in
            guard !state.isPageCountApplied else { return .none }
            state.isPageCountApplied = true
            return .some(state.maximumPageCount)
        }
    }
}
