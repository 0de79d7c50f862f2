import Dispatch
import PlacesLocking

/// Carries one mutation result from the writer queue to a thread waiting for it.
final class ResultBox: Sendable {
    private let result = Locked<Result<MutationOutcome, StoreError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Stores the result and wakes the waiter.
    func fulfil(_ outcome: Result<MutationOutcome, StoreError>) {
        result.withLock { $0 = outcome }
        ready.signal()
    }

    /// Blocks until `fulfil` was called, then returns its result.
    func wait() -> Result<MutationOutcome, StoreError> {
        ready.wait()
        return result.withLock { $0! }
    }
}
