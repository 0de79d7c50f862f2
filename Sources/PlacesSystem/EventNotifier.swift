import CLinux
import Glibc

/// An eventfd for waking an epoll loop from other threads: `signal` makes it readable, `drain` resets it.
public final class EventNotifier: Sendable {
    /// The eventfd (non-blocking, close-on-exec), to register with an `Epoll` as `.readable`; owned by this object.
    public let fileDescriptor: FileDescriptor

    /// Creates the eventfd.
    public init() throws(SystemError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "create an eventfd") }
        fileDescriptor = FileDescriptor(rawValue: fd)
    }

    deinit {
        fileDescriptor.close()
    }

    /// Makes the descriptor readable; safe from any thread, and cheap to repeat before a `drain`.
    @inlinable
    public func signal() {
        var one: UInt64 = 1
        // EAGAIN means the counter is saturated: the descriptor is readable already. Only a bug (a closed
        // descriptor, which traps) can make it fail otherwise.
        _ = try? withUnsafeBytes(of: &one) { bytes throws(SystemError) in try fileDescriptor.write(bytes) }
    }

    /// Resets the descriptor to not readable, consuming every `signal` so far.
    @inlinable
    public func drain() {
        var count: UInt64 = 0
        // EAGAIN means nothing was signalled since the last drain.
        _ = try? withUnsafeMutableBytes(of: &count) { bytes throws(SystemError) in
            try fileDescriptor.read(into: bytes)
        }
    }
}
