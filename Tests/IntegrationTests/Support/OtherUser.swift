import Glibc

/// JSON-RPC calls made as uid/gid 65534 ("nobody"), for tests that need a second user (root only).
enum OtherUser {
    /// The uid the calls run as.
    static let uid = 65534

    /// Whether this process may run clients as another uid.
    static var isAvailable: Bool { getuid() == 0 }

    /// A JSON-RPC client in Python: sends each line, prints each response line (notifications are skipped).
    private static let script = """
        import json, socket, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(sys.argv[1])
        replies = s.makefile("rb")
        for line in sys.argv[2:]:
            s.sendall(line.encode() + b"\\n")
            while True:
                reply = replies.readline().decode()
                if "id" in json.loads(reply):
                    break
            sys.stdout.write(reply)
        """

    /// Makes `daemon`'s socket reachable for another uid: call before `start()` on a daemon created with
    /// `--socket-mode 0666`.
    static func openUp(_ daemon: DaemonProcess) {
        chmod(daemon.directory.path, 0o755)
    }

    /// Sends `requests` (method, params) on one connection as uid 65534 and returns the responses in order.
    static func call(_ daemon: DaemonProcess, _ requests: [(String, JSON)]) throws -> [JSON] {
        let lines = requests.enumerated().map { index, request in
            String(Request.line(id: index + 1, method: request.0, params: request.1).dropLast())
        }
        let run = try Subprocess.run(
            "/usr/bin/setpriv",
            [
                "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/python3", "-I", "-c", script,
                daemon.socketPath,
            ] + lines,
            in: daemon.directory, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        guard run.status == .exited(0) else { throw TestFailure("client as uid \(uid) failed: \(run.summary)") }
        let responses = try run.stdout.split(separator: "\n").map { try JSON(parsing: String($0)) }
        guard responses.count == requests.count else {
            throw TestFailure("expected \(requests.count) responses as uid \(uid): \(run.summary)")
        }
        return responses
    }

    /// The result of one call as uid 65534; throws if the daemon answers with an error.
    @discardableResult
    static func result(_ daemon: DaemonProcess, _ method: String, _ params: JSON) throws -> JSON {
        let response = try call(daemon, [(method, params)])[0]
        guard let result = response["result"] else { throw TestFailure("\(method) as uid \(uid) failed: \(response)") }
        return result
    }
}
