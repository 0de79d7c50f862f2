import Dispatch
import PlacesModel
import PlacesPersistence

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Holds the writer where it calls `pass()` (inside a completion, or an engine's `beginBatch()`), so that later
/// submissions pile up behind it, until `open()`.
final class WriterGate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Submits `mutation` whose completion blocks the writer until `open()`; returns once the writer is held.
    func hold(_ store: PlaceStore, with mutation: Mutation, owner: UserID) {
        store.submit(mutation, owner: owner) { _ in self.pass() }
        waitUntilHeld()
    }

    /// Called by the writer: waits until `open()`, and goes straight through after it.
    func pass() {
        entered.signal()
        released.wait()
        released.signal()
    }

    /// Returns once the writer waits in `pass()`.
    func waitUntilHeld() {
        entered.wait()
    }

    /// Lets the writer go on.
    func open() {
        released.signal()
    }
}
