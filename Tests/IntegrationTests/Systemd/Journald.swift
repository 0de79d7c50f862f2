import Glibc

/// Whether a journald is listening on this machine.
enum Journald {
    /// The socket `sd_journal_sendv` writes to.
    static let socketPath = "/run/systemd/journal/socket"

    /// Whether a datagram socket can connect to journald's socket; when it can, `sd_journal_sendv` succeeds and
    /// log lines go to the journal instead of standard error.
    static var isReachable: Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}
