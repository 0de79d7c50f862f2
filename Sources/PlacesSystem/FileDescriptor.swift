import Glibc

/// A file descriptor number, with thin wrappers over the system calls that act on it.
///
/// A value does not own the descriptor: whoever opened it closes it, once. Every call retries `EINTR`;
/// `EBADF` and `EFAULT` stop the process because they mean the descriptor or a buffer was mishandled.
public struct FileDescriptor: Sendable, Hashable {
    /// The descriptor number.
    public let rawValue: Int32

    /// Wraps a descriptor number.
    @inlinable
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Standard input, descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: 0)
    /// Standard output, descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: 1)
    /// Standard error, descriptor 2.
    public static let standardError = FileDescriptor(rawValue: 2)

    /// Closes the descriptor.
    ///
    /// `EINTR` is not retried: Linux has released the number by then, and a retry could close a descriptor
    /// another thread just opened. `EBADF` stops the process (a double close is a bug).
    public func close() {
        if Glibc.close(rawValue) != 0 {
            SystemError.trapIfBug(errno, "close")
        }
    }

    /// Shuts down reading, writing or both on a socket; errors (such as `ENOTCONN`) are ignored.
    public func shutdown(reading: Bool, writing: Bool) {
        let how: Int
        switch (reading, writing) {
        case (true, true): how = SHUT_RDWR
        case (true, false): how = SHUT_RD
        case (false, true): how = SHUT_WR
        case (false, false): return
        }
        if Glibc.shutdown(rawValue, Int32(how)) != 0 {
            SystemError.trapIfBug(errno, "shutdown")
        }
    }

    /// Turns `O_NONBLOCK` on or off.
    public func setNonBlocking(_ on: Bool) throws(SystemError) {
        let flags = SystemCall.retryingInterrupts { fcntl(rawValue, F_GETFL) }
        guard flags.result >= 0 else {
            throw .failure(flags.errno, "read the flags of", fileDescriptor: rawValue)
        }
        let wanted = on ? flags.result | O_NONBLOCK : flags.result & ~O_NONBLOCK
        if wanted == flags.result { return }
        let outcome = SystemCall.retryingInterrupts { fcntl(rawValue, F_SETFL, wanted) }
        guard outcome.result >= 0 else {
            throw .failure(outcome.errno, "set the flags of", fileDescriptor: rawValue)
        }
    }
}
