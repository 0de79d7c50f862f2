import Glibc

/// Process resource limits.
public enum ResourceLimits {
    /// `RLIMIT_NOFILE`'s soft limit: how many descriptors the process may have open; nil when unlimited or
    /// unreadable.
    public static func openFileLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        return UInt64(limit.rlim_cur)
    }

    /// Raises `RLIMIT_NOFILE`'s soft limit to the hard limit; returns the new soft limit.
    ///
    /// An unlimited hard limit is capped at `/proc/sys/fs/nr_open`'s usual default (1048576), beyond which the
    /// kernel refuses the change.
    public static func raiseOpenFileLimit() throws(SystemError) -> UInt64 {
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else {
            throw SystemError(errno: errno, operation: "read the open file limit")
        }
        let target = limit.rlim_max == rlim_t.max ? 1_048_576 : limit.rlim_max
        guard limit.rlim_cur < target else { return UInt64(limit.rlim_cur) }
        var raised = limit
        raised.rlim_cur = target
        guard setrlimit(resource, &raised) == 0 else {
            throw SystemError(errno: errno, operation: "raise the open file limit from \(limit.rlim_cur) to \(target)")
        }
        return UInt64(target)
    }
}
