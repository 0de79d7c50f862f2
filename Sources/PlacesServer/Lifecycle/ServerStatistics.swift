import PlacesLocking
import PlacesSystem
import Synchronization

/// Counters the whole server shares, for `server.status`, the service manager's status line and the limits.
final class ServerStatistics: Sendable {
    /// Open client connections.
    let connections = Atomic<Int>(0)
    /// When the daemon started, on the monotonic clock.
    let startedAt = Clock.monotonicNanoseconds()
    /// Open client connections by uid, shared by every event loop; a uid with none has no entry.
    private let connectionsByUser = Locked<[UInt32: Int]>([:])

    /// Whole seconds since the daemon started.
    var uptimeSeconds: Int64 {
        Int64((Clock.monotonicNanoseconds() - startedAt) / 1_000_000_000)
    }

    /// Counts one more connection of `uid` unless it already has `limit` open; returns whether it was counted.
    func admitConnection(of uid: UInt32, limit: Int) -> Bool {
        connectionsByUser.withLock { counts in
            let open = counts[uid, default: 0]
            guard open < limit else { return false }
            counts[uid] = open + 1
            return true
        }
    }

    /// Forgets one connection of `uid` that `admitConnection(of:limit:)` counted.
    func releaseConnection(of uid: UInt32) {
        connectionsByUser.withLock { counts in
            guard let open = counts[uid] else { return }
            counts[uid] = open > 1 ? open - 1 : nil
        }
    }

    /// How many connections `uid` has open.
    func connectionCount(of uid: UInt32) -> Int {
        connectionsByUser.withLock { $0[uid, default: 0] }
    }
}
