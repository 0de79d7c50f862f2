import Glibc

/// A point on the monotonic clock after which a wait gives up.
struct Deadline {
    private let end: ContinuousClock.Instant

    /// A deadline `seconds` from now.
    init(seconds: Double) {
        end = .now + .milliseconds(Int64(seconds * 1000))
    }

    /// Whether the deadline has passed.
    var hasPassed: Bool { ContinuousClock.now >= end }

    /// Milliseconds left, clamped to [0, Int32.max], for `poll(2)`.
    var remainingMilliseconds: Int32 {
        let left = end - ContinuousClock.now
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }

    /// Polls `condition` every millisecond or so until it holds or the deadline passes; returns whether it held.
    ///
    /// Only for conditions nothing can notify about (a process exiting, a file disappearing).
    static func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Deadline(seconds: seconds)
        while true {
            if try condition() { return true }
            if deadline.hasPassed { return false }
            _ = poll(nil, 0, 1)
        }
    }
}
