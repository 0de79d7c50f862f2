import Dispatch
import PlacesModel
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Holds the writer inside a completion so that later submissions pile up into one batch.
final class WriterGate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Submits `mutation` whose completion blocks the writer until `open()`; returns once the writer is held.
    func hold(_ store: PlaceStore, with mutation: Mutation, owner: UserID) {
        store.submit(mutation, owner: owner) { _ in
            self.entered.signal()
            self.released.wait()
        }
        entered.wait()
    }

    /// Lets the writer go on.
    func open() {
        released.signal()
    }
}
