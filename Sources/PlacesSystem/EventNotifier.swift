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
        let fd = fileDescriptor.rawValue
        let outcome = SystemCall.retryingInterrupts { Glibc.write(fd, &one, MemoryLayout<UInt64>.size) }
        // EAGAIN means the counter is saturated: the descriptor is readable already.
        if outcome.result < 0 && outcome.errno != EAGAIN {
            SystemError.trapIfBug(outcome.errno, "signal eventfd")
        }
    }

    /// Resets the descriptor to not readable, consuming every `signal` so far.
    @inlinable
    public func drain() {
        var count: UInt64 = 0
        let fd = fileDescriptor.rawValue
        let outcome = SystemCall.retryingInterrupts { Glibc.read(fd, &count, MemoryLayout<UInt64>.size) }
        if outcome.result < 0 && outcome.errno != EAGAIN {
            SystemError.trapIfBug(outcome.errno, "drain eventfd")
        }
    }
}
