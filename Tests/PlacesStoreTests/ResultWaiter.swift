import Dispatch
import PlacesStore
import Synchronization

/// Waits for one `Result<Void, StoreError>` delivered to a completion handler.
final class ResultWaiter: Sendable {
    private let value = Mutex<Result<Void, StoreError>?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Records the result.
    func set(_ result: Result<Void, StoreError>) {
        value.withLock { $0 = result }
        arrived.signal()
    }

    /// Waits for the result.
    func wait() -> Result<Void, StoreError> {
        arrived.wait()
        return value.withLock { $0! }
    }
}
