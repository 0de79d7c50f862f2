import Glibc
import PlacesLocking

/// Spaces out `server.unlock` attempts after repeated wrong keys, like a login prompt.
///
/// The first `freeFailures` wrong keys cost nothing; after that each attempt waits until `penalty` has passed
/// since the previous one (1 s, doubling per failure, at most `maximumPenaltySeconds`). Attempts are reserved in
/// order, so clients sending many at once queue behind each other instead of being tried side by side. A right
/// key resets the count.
final class UnlockThrottle: Sendable {
    /// Wrong keys allowed before attempts are delayed.
    static let freeFailures = 3
    /// The longest wait between two attempts.
    static let maximumPenaltySeconds: Double = 60

    private struct State {
        var failures = 0
        /// `CLOCK_MONOTONIC` seconds before which no attempt starts.
        var nextAttempt: Double = 0
    }

    private let state = Locked(State())
    private let clock: @Sendable () -> Double

    /// Creates a throttle reading `clock` (monotonic seconds; tests pass their own).
    init(clock: @escaping @Sendable () -> Double = UnlockThrottle.monotonicSeconds) {
        self.clock = clock
    }

    /// The wait before one attempt between failures `failures` and `failures + 1`.
    static func penalty(afterFailures failures: Int) -> Double {
        guard failures >= freeFailures else { return 0 }
        let exponent = min(failures - freeFailures, 6)
        return min(Double(1 << exponent), maximumPenaltySeconds)
    }

    /// Reserves the next attempt: how many seconds to wait before trying the key.
    func reserveAttempt() -> Double {
        let now = clock()
        return state.withLock { state in
            let start = max(now, state.nextAttempt)
            state.nextAttempt = start + Self.penalty(afterFailures: state.failures)
            return start - now
        }
    }

    /// Counts a wrong key; returns how many there have been since the last right one.
    func recordFailure() -> Int {
        let now = clock()
        return state.withLock { state in
            state.failures += 1
            state.nextAttempt = max(state.nextAttempt, now + Self.penalty(afterFailures: state.failures))
            return state.failures
        }
    }

    /// Forgets the failures after a right key.
    func recordSuccess() {
        state.withLock { $0 = State() }
    }

    /// Wrong keys since the last right one.
    var failures: Int { state.withLock { $0.failures } }

    /// `CLOCK_MONOTONIC` in seconds.
    static let monotonicSeconds: @Sendable () -> Double = {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
