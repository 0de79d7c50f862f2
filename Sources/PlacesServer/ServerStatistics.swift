import PlacesSystem
import Synchronization

/// Counters the whole server shares, for `server.status` and the service manager's status line.
final class ServerStatistics: Sendable {
    /// Open client connections.
    let connections = Atomic<Int>(0)
    /// When the daemon started, on the monotonic clock.
    let startedAt = Clock.monotonicNanoseconds()

    /// Whole seconds since the daemon started.
    var uptimeSeconds: Int64 {
        Int64((Clock.monotonicNanoseconds() - startedAt) / 1_000_000_000)
    }
}
