import PlacesLocking

extension PlaceStore {
    /// The store the engine's wake-ups go to, once it is made; weak, so that the engine does not keep it alive.
    final class WeakStore: Sendable {
        private let store = Locked<Weak?>(nil)

        private struct Weak: @unchecked Sendable {
            // Sendable: PlaceStore is Sendable; the box only keeps the reference weak.
            weak var store: PlaceStore?
        }

        /// The store, while it lives.
        var value: PlaceStore? {
            get { store.withLock { $0?.store } }
            set { store.withLock { $0 = Weak(store: newValue) } }
        }
    }
}
