import Dispatch
import PlacesLocking
import PlacesState

/// Carries one result from the writer queue to a thread waiting for it: a mutation's outcome, or whether an
/// unlock worked.
final class ResultBox<Success: Sendable>: Sendable {
    private let result = Locked<Result<Success, StoreError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Stores the result and wakes the waiter.
    func fulfil(_ outcome: Result<Success, StoreError>) {
        result.withLock { $0 = outcome }
        ready.signal()
    }

    /// Blocks until `fulfil` was called, then returns its result.
    func wait() -> Result<Success, StoreError> {
        ready.wait()
        return result.withLock { $0! }
    }
}
