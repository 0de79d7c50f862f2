import Glibc
import PlacesModel

/// Reads the wall clock.
enum SystemClock {
    /// `CLOCK_REALTIME` truncated to milliseconds.
    static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(millisecondsSinceEpoch: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
