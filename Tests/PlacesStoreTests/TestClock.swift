import PlacesModel
import Synchronization

/// A clock that starts at a fixed time and moves one second per reading.
final class TestClock: Sendable {
    private let milliseconds = Atomic<Int64>(1_800_000_000_000)

    /// The next reading.
    func now() -> Timestamp {
        Timestamp(millisecondsSinceEpoch: milliseconds.add(1000, ordering: .relaxed).newValue)
    }
}
