import Glibc

/// Clock readings.
public enum Clock {
    /// `CLOCK_MONOTONIC` in nanoseconds: for durations and deadlines.
    @inlinable
    public static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// `CLOCK_REALTIME` in milliseconds since 1970: for timestamps.
    @inlinable
    public static func realtimeMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) &* 1000 &+ Int64(now.tv_nsec / 1_000_000)
    }
}
