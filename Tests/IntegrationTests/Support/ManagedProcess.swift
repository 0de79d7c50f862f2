import Foundation
import Glibc
import Testing

/// A child process started with exactly the command line a test gives, watched through a test-owned `NOTIFY_SOCKET`
/// and a log file holding its stdout and stderr.
///
/// Unlike `DaemonProcess` it adds no arguments of its own, so wrappers such as `systemd-socket-activate` or
/// `sh -c '… exec placesd …'` can stand in front of the daemon. The log file exists before the child starts, so its
/// device and inode can go into `JOURNAL_STREAM`. Call `shutdown()` in a `defer`.
final class ManagedProcess {
    /// The directory holding the notify socket and the log; owned by the caller.
    let directory: TemporaryDirectory
    /// Where the child reports readiness and status (its `NOTIFY_SOCKET`).
    let notify: NotifySocket
    /// The file the child's stdout and stderr are appended to.
    let logPath: String
    /// The running child's pid, nil before it starts and once it has been reaped.
    var pid: pid_t? { state.pid }
    /// How the child ended, once known.
    var lastExit: ExitStatus? { state.lastExit }
    private var state = ChildState(name: "the child")

    /// Creates the notify socket and an empty log file in `directory`; starts nothing.
    init(in directory: TemporaryDirectory, name: String = "child") throws {
        self.directory = directory
        let unique = name + "-" + UUID().uuidString.prefix(8).lowercased()
        notify = try NotifySocket(path: directory.file(unique + ".notify"))
        logPath = directory.file(unique + ".log")
        try TemporaryDirectory.write([], to: logPath)
    }

    /// The log file as `JOURNAL_STREAM` names a stream: "DEVICE:INODE" in decimal.
    func logFileIdentity() throws -> String {
        var info = stat()
        guard stat(logPath, &info) == 0 else {
            throw TestFailure("stat '\(logPath)': \(RawConnection.errnoText())")
        }
        return "\(UInt64(info.st_dev)):\(UInt64(info.st_ino))"
    }

    /// Starts `executable` with `arguments` and `environment` plus `NOTIFY_SOCKET`; stdin is `/dev/null`.
    func start(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        precondition(pid == nil, "the child is already running")
        var environment = environment
        environment["NOTIFY_SOCKET"] = notify.path
        state.started(
            try Spawn.start(executable, arguments, environment: environment, stdout: logPath, stderr: logPath))
    }

    /// Everything the child has written so far.
    var log: String {
        String(decoding: TemporaryDirectory.contents(of: logPath) ?? [], as: UTF8.self)
    }

    /// The last lines of the log and every notification, for failure messages.
    var logTail: String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false).suffix(40)
        notify.drain()
        return "\n--- output (\(logPath)) ---\n" + lines.joined(separator: "\n")
            + "\n--- notifications: \(notify.messages) ---"
    }

    /// Whether the child is still running (a stopped child counts); reaps it, recording `lastExit`, once it ended.
    var isRunning: Bool {
        state.isRunning()
    }

    /// Waits up to `timeout` seconds for a notification matching `matches` at or after index `start`, giving up
    /// early if the child exits; returns its index in `notify.messages`, or nil.
    func waitForNotification(
        from start: Int = 0, timeout: Double, until matches: (String) -> Bool
    ) -> Int? {
        guard notify.wait(from: start, timeout: timeout, stillWaiting: { isRunning }, until: matches) != nil else {
            return nil
        }
        return notify.messages.indices.dropFirst(start).first { matches(notify.messages[$0]) }
    }

    /// Waits up to `timeout` seconds for `READY=1` at or after index `start`; returns its index or throws with
    /// the log.
    @discardableResult
    func waitForReady(from start: Int = 0, timeout: Double = 10) throws -> Int {
        guard let index = waitForNotification(from: start, timeout: timeout, until: { $0 == "READY=1" }) else {
            let state = isRunning ? "still running" : "exited: \(lastExit.map(String.init) ?? "?")"
            throw TestFailure("No READY=1 within \(timeout) s (\(state))\(logTail)")
        }
        return index
    }

    /// Waits up to `timeout` seconds for the log to contain `text`; returns whether it did.
    ///
    /// Polls the file: nothing notifies about a write to it.
    func waitForLog(_ text: String, timeout: Double = 10) -> Bool {
        Deadline.wait(seconds: timeout) { log.contains(text) }
    }

    /// Sends `signal` to the child, which must be running.
    func signal(_ signal: Int32) throws {
        try state.signal(signal)
    }

    /// Waits up to `timeout` seconds for the child to end by itself and returns how.
    func waitForExit(timeout: Double = 10) throws -> ExitStatus {
        try state.waitForExit(timeout: timeout) { logTail }
    }

    /// Sends SIGTERM and waits for the child to exit (SIGKILL after `timeout`); returns how it ended.
    func stop(timeout: Double = 10) throws -> ExitStatus {
        try signal(SIGTERM)
        do {
            return try waitForExit(timeout: timeout)
        } catch {
            state.kill()
            throw error
        }
    }

    /// Kills a child still running (stopped or not) and reaps it; prints the log when `PLACESD_TEST_LOGS` is set.
    func shutdown() {
        if isRunning { state.kill() }
        if ProcessInfo.processInfo.environment["PLACESD_TEST_LOGS"] != nil {
            print("output of \(logPath):\(logTail)")
        }
    }
}
