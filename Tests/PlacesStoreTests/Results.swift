import Dispatch
import PlacesPersistence
import Synchronization

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Collects mutation results from completions, in the order they arrive.
final class Results: Sendable {
    private let values = Mutex<[Result<MutationOutcome, StoreError>]>([])
    private let arrived = DispatchSemaphore(value: 0)

    /// Records one result.
    func append(_ result: Result<MutationOutcome, StoreError>) {
        values.withLock { $0.append(result) }
        arrived.signal()
    }

    /// Waits until `count` results arrived and returns them.
    func wait(for count: Int) -> [Result<MutationOutcome, StoreError>] {
        for _ in 0..<count { arrived.wait() }
        return values.withLock { $0 }
    }
}
