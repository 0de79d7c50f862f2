import Glibc

/// A failed system call: the `errno` it reported and what was being done.
///
/// `description` reads "Failed to bind socket '/run/x.sock': Address already in use".
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error number the system call reported, such as `EADDRINUSE`.
    public let errno: Int32
    /// What was being done, phrased to follow "Failed to", such as "bind socket '/run/x.sock'".
    public let operation: String

    /// Creates an error from an error number and the operation that failed.
    public init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    /// The system's text for `errno`, such as "Address already in use".
    public var reason: String {
        SystemError.text(forErrno: errno)
    }

    /// Whether the process (`EMFILE`) or the whole system (`ENFILE`) has no file descriptor left to give.
    public var isOutOfDescriptors: Bool {
        errno == EMFILE || errno == ENFILE
    }

    /// "Failed to OPERATION: REASON".
    public var description: String {
        "Failed to \(operation): \(reason)"
    }

    /// The system's text for an error number, from `strerror_r`.
    public static func text(forErrno code: Int32) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            guard let base = buffer.baseAddress, strerror_r(code, base, buffer.count) == 0 else {
                return "Unknown error \(code)"
            }
            let length = strnlen(base, buffer.count)
            return String(decoding: UnsafeRawBufferPointer(start: base, count: length), as: UTF8.self)
        }
    }
}

extension SystemError {
    /// Builds an error for an operation on a file descriptor ("ACTION file descriptor N REST"), kept out of line so inlined wrappers stay small.
    @usableFromInline
    @inline(never)
    static func failure(
        _ code: Int32, _ action: StaticString, fileDescriptor: Int32, _ rest: StaticString = ""
    ) -> SystemError {
        trapIfBug(code, action)
        return SystemError(errno: code, operation: "\(action) file descriptor \(fileDescriptor)\(rest)")
    }

    /// Stops the process on error numbers that only a bug can produce: a closed or foreign file descriptor
    /// (`EBADF`) or a bad pointer (`EFAULT`). Carrying on would act on whatever now owns that number.
    @usableFromInline
    @inline(never)
    static func trapIfBug(_ code: Int32, _ action: StaticString) {
        if code == EBADF || code == EFAULT {
            preconditionFailure(
                "\(action) failed with \(SystemError.text(forErrno: code)): a bug in descriptor ownership")
        }
    }
}
