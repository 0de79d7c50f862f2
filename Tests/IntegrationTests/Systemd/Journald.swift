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
        return UnixAddress.with(socketPath) { connect(fd, $0, $1) } == 0
    }
}
