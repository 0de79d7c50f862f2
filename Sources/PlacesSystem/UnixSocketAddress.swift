import Glibc

/// A filesystem `sockaddr_un`, validated once.
struct UnixSocketAddress {
    private var storage = sockaddr_un()
    private let length: socklen_t

    /// Builds the address of `path`; `operation` names the failure (`ENOENT` for an empty path,
    /// `ENAMETOOLONG` beyond the 107 bytes `sun_path` holds, `EINVAL` for an embedded NUL).
    init(path: String, operation: @autoclosure () -> String) throws(SystemError) {
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        if bytes.isEmpty { throw SystemError(errno: ENOENT, operation: operation()) }
        if bytes.count >= capacity { throw SystemError(errno: ENAMETOOLONG, operation: operation()) }
        if bytes.contains(0) { throw SystemError(errno: EINVAL, operation: operation()) }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { destination in
            destination.copyBytes(from: bytes)
            destination[bytes.count] = 0
        }
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + 1)
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
