import Foundation
import Glibc

/// A child process whose stdout is a pipe the test reads line by line as it is written, with deadlines.
///
/// stdin is `/dev/null` and stderr goes to a file in the given directory. Call `shutdown()` in a `defer`.
final class ChildOutput {
    /// The child's pid, nil once it has been reaped.
    var pid: pid_t? { state.pid }
    /// How the child ended, once known.
    var lastExit: ExitStatus? { state.lastExit }
    /// The file holding the child's stderr.
    let stderrPath: String
    private let pipe: Int32
    private var buffer: [UInt8] = []
    private var sawEndOfFile = false
    private var state = ChildState(name: "the child")

    /// Starts `executable` with `arguments` and exactly `environment`.
    init(
        _ executable: String, _ arguments: [String], in directory: TemporaryDirectory,
        environment: [String: String] = Spawn.cleanEnvironment()
    ) throws {
        stderrPath = directory.file("child-\(UUID().uuidString.prefix(8)).err")
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw TestFailure("pipe: \(RawConnection.errnoText())") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { Glibc.close(ends[1]) }
        pipe = ends[0]
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)

        do {
            state.started(
                try Spawn.start(
                    executable, arguments, environment: environment,
                    files: [.stdin(nil), .duplicate(source: ends[1], fd: 1), .append(fd: 2, path: stderrPath)]))
        } catch {
            Glibc.close(pipe)
            throw error
        }
    }

    deinit {
        Glibc.close(pipe)
    }

    /// Everything the child has written to stderr so far.
    var stderr: String {
        String(decoding: TemporaryDirectory.contents(of: stderrPath) ?? [], as: UTF8.self)
    }

    /// Reads one line of stdout without its `\n`; nil at end of file. Throws when `timeout` passes first.
    func readLine(timeout: Double = 10) throws -> String? {
        let deadline = Deadline(seconds: timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            if sawEndOfFile { return nil }
            var descriptor = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if ready == 0 || deadline.hasPassed && ready <= 0 {
                throw TestFailure(
                    "Timed out after \(timeout) s waiting for a line of output"
                        + (buffer.isEmpty ? "" : "; partial line: \(RawConnection.show(buffer))")
                        + "; stderr: \(stderr.debugDescription)")
            }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(pipe, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                sawEndOfFile = true
            } else if errno != EAGAIN && errno != EINTR {
                throw TestFailure("read(): \(RawConnection.errnoText())")
            }
        }
    }

    /// Whether stdout has a byte waiting or one arrives within `timeout` (nothing is consumed).
    func hasOutput(within timeout: Double) -> Bool {
        if !buffer.isEmpty || sawEndOfFile { return true }
        var descriptor = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
    }

    /// Sends `signal` to the child, which must still be running.
    func signal(_ signal: Int32) throws {
        try state.signal(signal)
    }

    /// Waits up to `timeout` seconds for the child to end and returns how.
    func waitForExit(timeout: Double = 10) throws -> ExitStatus {
        try state.waitForExit(timeout: timeout) { "; stderr: \(stderr.debugDescription)" }
    }

    /// Kills a child still running and reaps it.
    func shutdown() {
        state.kill()
    }
}
