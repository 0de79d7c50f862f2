import Glibc

extension FileDescriptor {
    /// Opens (creating it with `mode` if it is missing) the regular file at `path` for reading and writing,
    /// close-on-exec. A directory there fails with `EISDIR`, anything else that is not a regular file with an
    /// error whose `isNotRegularFile` is true.
    public static func openRegularFile(_ path: String, creatingWithMode mode: mode_t) throws(SystemError)
        -> FileDescriptor
    {
        let outcome = SystemCall.retryingInterrupts { open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode) }
        guard outcome.result >= 0 else { throw SystemError(errno: outcome.errno, operation: "open '\(path)'") }
        let file = FileDescriptor(rawValue: outcome.result)
        var status = stat()
        guard fstat(file.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            file.close()
            throw SystemError(errno: EINVAL, operation: SystemError.openAsRegularFile + " '\(path)'")
        }
        return file
    }

    /// Takes an exclusive `flock` on the file without waiting; returns false if another descriptor holds one.
    public func lockExclusively() throws(SystemError) -> Bool {
        let outcome = SystemCall.retryingInterrupts { flock(rawValue, LOCK_EX | LOCK_NB) }
        if outcome.result == 0 { return true }
        if outcome.errno == EWOULDBLOCK { return false }
        throw .failure(outcome.errno, "lock", fileDescriptor: rawValue)
    }
}

extension SystemError {
    fileprivate static let openAsRegularFile = "open as a regular file"

    /// Whether `FileDescriptor.openRegularFile` found something other than a regular file (or a directory).
    public var isNotRegularFile: Bool {
        errno == EINVAL && operation.hasPrefix(SystemError.openAsRegularFile)
    }
}
