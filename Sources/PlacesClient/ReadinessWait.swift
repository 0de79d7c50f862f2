import Glibc
import PlacesSystem

/// Waits for file descriptors to become readable, with `poll(2)`.
public enum ReadinessWait {
    /// Waits until one of `descriptors` is readable (or hung up, or in error) or `timeoutMilliseconds` pass
    /// (negative: no limit); returns, per descriptor, whether it is ready (all false after a timeout).
    ///
    /// An interrupted `poll` (`EINTR`) is resumed with the time that is left.
    public static func readable(
        _ descriptors: [FileDescriptor], timeoutMilliseconds: Int32
    ) throws(SystemError) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let start = Clock.monotonicNanoseconds()
        var timeout = timeoutMilliseconds
        while true {
            let count = poll(&entries, nfds_t(entries.count), timeout)
            if count >= 0 {
                return entries.map { $0.revents != 0 }
            }
            let code = errno
            guard code == EINTR else {
                let numbers = descriptors.map { String($0.rawValue) }.joined(separator: ", ")
                throw SystemError(errno: code, operation: "wait for file descriptors \(numbers) to become readable")
            }
            if timeoutMilliseconds >= 0 {
                let elapsed = (Clock.monotonicNanoseconds() - start) / 1_000_000
                timeout = Int32(max(Int64(timeoutMilliseconds) - Int64(elapsed), 0))
            }
        }
    }
}
