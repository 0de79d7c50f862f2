import CLinux
import Glibc

/// `AF_UNIX` stream sockets: listening, connecting, accepting, and asking who is on the other end.
public enum UnixSocket {
    /// Creates a listening `SOCK_STREAM` socket (non-blocking, close-on-exec) at `path` with permissions `mode`.
    ///
    /// A socket file already at `path` that nothing accepts on (connecting gets `ECONNREFUSED`) is stale and is
    /// replaced; one that something listens on fails with `EADDRINUSE`. Anything else at `path` is never removed
    /// (`EEXIST`). The mode is applied between `bind` and `listen`: until `listen`, every connection attempt is
    /// refused, so the umask-dependent mode `bind` gives the file is never usable by anyone.
    public static func listen(path: String, mode: UInt32, backlog: Int32 = 1024) throws(SystemError) -> FileDescriptor {
        let address = try UnixSocketAddress(path: path, operation: "bind socket '\(path)'")
        let socket = try makeSocket(nonBlocking: true, operation: "create a socket for '\(path)'")
        do throws(SystemError) {
            try bindReplacingStaleSocket(socket, address: address, path: path)
            if chmod(path, mode_t(mode)) != 0 {
                let code = errno
                unlink(path)
                throw SystemError(errno: code, operation: "set mode \(String(mode, radix: 8)) on socket '\(path)'")
            }
            if Glibc.listen(socket.rawValue, backlog) != 0 {
                let code = errno
                unlink(path)
                throw SystemError(errno: code, operation: "listen on socket '\(path)'")
            }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Connects a blocking, close-on-exec stream socket to `path`.
    public static func connect(path: String) throws(SystemError) -> FileDescriptor {
        let operation = "connect to socket '\(path)'"
        let address = try UnixSocketAddress(path: path, operation: operation)
        let socket = try makeSocket(nonBlocking: false, operation: operation)
        let code = address.withSocketAddress { Glibc.connect(socket.rawValue, $0, $1) == 0 ? 0 : errno }
        // An interrupted connect carries on in the background; wait for it rather than connecting again.
        let outcome = code == EINTR ? completeInterruptedConnect(socket) : code
        if outcome != 0 {
            socket.close()
            throw SystemError(errno: outcome, operation: operation)
        }
        return socket
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket; nil when none is pending
    /// (`EAGAIN`) or the one pending was aborted (`ECONNABORTED`). Running out of descriptors (`EMFILE`,
    /// `ENFILE`) throws.
    @inlinable
    public static func accept(_ listener: FileDescriptor) throws(SystemError) -> FileDescriptor? {
        let outcome = SystemCall.retryingInterrupts {
            accept4(listener.rawValue, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        }
        if outcome.result >= 0 { return FileDescriptor(rawValue: outcome.result) }
        if outcome.errno == EAGAIN || outcome.errno == ECONNABORTED { return nil }
        throw .failure(outcome.errno, "accept a connection on", fileDescriptor: listener.rawValue)
    }

    static func makeSocket(nonBlocking: Bool, operation: @autoclosure () -> String) throws(SystemError)
        -> FileDescriptor
    {
        var type = SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue
        if nonBlocking { type |= SOCK_NONBLOCK.rawValue }
        let fd = socket(AF_UNIX, Int32(type), 0)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: operation()) }
        return FileDescriptor(rawValue: fd)
    }

    private static func bindReplacingStaleSocket(
        _ socket: FileDescriptor, address: UnixSocketAddress, path: String
    ) throws(SystemError) {
        var attempt = 0
        while true {
            attempt += 1
            let code = address.withSocketAddress { bind(socket.rawValue, $0, $1) == 0 ? 0 : errno }
            if code == 0 { return }
            guard code == EADDRINUSE, attempt == 1 else {
                throw SystemError(errno: code, operation: "bind socket '\(path)'")
            }
            var status = stat()
            if lstat(path, &status) != 0 {
                if errno == ENOENT { continue }
                throw SystemError(errno: errno, operation: "inspect '\(path)'")
            }
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemError(
                    errno: EEXIST, operation: "bind socket '\(path)' (the path exists and is not a socket)")
            }
            try ensureNobodyListens(address: address, path: path)
            if unlink(path) != 0 && errno != ENOENT {
                throw SystemError(errno: errno, operation: "remove stale socket '\(path)'")
            }
        }
    }

    /// Throws `EADDRINUSE` unless connecting to `address` is refused, which means the socket file is stale.
    private static func ensureNobodyListens(address: UnixSocketAddress, path: String) throws(SystemError) {
        let probe = try makeSocket(nonBlocking: true, operation: "create a socket to probe '\(path)'")
        defer { probe.close() }
        let code = address.withSocketAddress { Glibc.connect(probe.rawValue, $0, $1) == 0 ? 0 : errno }
        switch code {
        case ECONNREFUSED, ENOENT:
            return
        case 0, EAGAIN, EINPROGRESS, EINTR:
            // Connected, or a listener whose backlog is full: something is serving this socket.
            throw SystemError(errno: EADDRINUSE, operation: "bind socket '\(path)' (is another placesd running?)")
        default:
            throw SystemError(errno: code, operation: "check whether socket '\(path)' is in use")
        }
    }

    private static func completeInterruptedConnect(_ socket: FileDescriptor) -> Int32 {
        SystemCall.waitUntilReady(socket.rawValue, events: Int16(POLLOUT))
        var pending: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(socket.rawValue, SOL_SOCKET, SO_ERROR, &pending, &length) != 0 { return errno }
        return pending
    }
}
