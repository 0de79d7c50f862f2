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

    /// Looks an entry up in the password or group database with a reentrant call (`getpwuid_r`, `getgrnam_r`)
    /// given the entry, a buffer, its size and where to say whether one was found; the buffer doubles while the
    /// call says `ERANGE`, up to 1 MiB. `read` takes what is wanted from the entry while the buffer its strings
    /// point into is still there. Nil when there is no such entry or the lookup fails.
    static func lookUp<Entry, Value>(
        _ empty: Entry,
        _ call: (
            UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int,
            UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
        ) -> Int32,
        read: (Entry) -> Value?
    ) -> Value? {
        var capacity = 1024
        while capacity <= 1 << 20 {
            let (code, value) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                var entry = empty
                var found: UnsafeMutablePointer<Entry>? = nil
                let code = call(&entry, buffer.baseAddress!, capacity, &found)
                return (code, code == 0 && found != nil ? read(entry) : nil)
            }
            if code != ERANGE { return value }
            capacity *= 2
        }
        return nil
    }
}
