import Glibc

/// A test-owned `NOTIFY_SOCKET`: an `AF_UNIX` datagram socket that records what the daemon reports.
final class NotifySocket {
    /// The socket's path, to put in the child's `NOTIFY_SOCKET`.
    let path: String
    private let fd: Int32
    /// Every assignment received so far (`READY=1`, `STATUS=…`), in order.
    private(set) var messages: [String] = []

    /// Binds the socket at `path`.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket(AF_UNIX, SOCK_DGRAM): \(RawConnection.errnoText())") }
        unlink(path)
        let result = UnixAddress.with(path) { bind(fd, $0, $1) }
        guard result == 0 else {
            let text = RawConnection.errnoText()
            Glibc.close(fd)
            throw TestFailure("Failed to bind notify socket '\(path)': \(text)")
        }
    }

    deinit {
        Glibc.close(fd)
    }

    /// Reads every datagram already waiting.
    func drain() {
        var datagram = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = datagram.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            let text = String(decoding: datagram[..<count], as: UTF8.self)
            messages += text.split(separator: "\n").map(String.init)
        }
    }

    /// Waits up to `timeout` seconds for an assignment satisfying `matches`, received at or after index `from`;
    /// returns it, or nil. `stillWaiting` is asked between datagrams (e.g. "the process is alive").
    func wait(
        from start: Int = 0, timeout: Double, stillWaiting: () -> Bool = { true }, until matches: (String) -> Bool
    ) -> String? {
        let deadline = Deadline(seconds: timeout)
        while true {
            drain()
            if let found = messages[min(start, messages.count)...].first(where: matches) { return found }
            if deadline.hasPassed || !stillWaiting() { return nil }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // Short slices so a child that dies without notifying is noticed quickly.
            _ = poll(&descriptor, 1, min(deadline.remainingMilliseconds, 20))
        }
    }
}
