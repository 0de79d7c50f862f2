import Glibc

/// Shared plumbing of the system call wrappers.
@usableFromInline
enum SystemCall {
    /// Runs `body` until it does not fail with `EINTR`; returns its result and, when that is negative, `errno`.
    @inlinable
    @inline(__always)
    static func retryingInterrupts<Result: FixedWidthInteger>(
        _ body: () -> Result
    ) -> (result: Result, errno: Int32) {
        while true {
            let result = body()
            if result >= 0 { return (result, 0) }
            let code = errno
            if code != EINTR { return (result, code) }
        }
    }

    /// Blocks until `fd` is ready for `events` (`POLLIN`, `POLLOUT`), retrying `EINTR`.
    @usableFromInline
    static func waitUntilReady(_ fd: Int32, events: Int16) {
        var poller = pollfd(fd: fd, events: events, revents: 0)
        _ = retryingInterrupts { poll(&poller, 1, -1) }
    }
}
