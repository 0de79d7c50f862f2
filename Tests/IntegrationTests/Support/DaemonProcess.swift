import Foundation
import Glibc
import Testing

/// A real `placesd` on a temporary socket and database, with a test-owned `NOTIFY_SOCKET` for readiness.
///
/// Call `shutdown()` in a `defer`: it kills a daemon still running, reports one that died on its own, and removes
/// the temporary directory when this instance created it.
final class DaemonProcess {
    /// The directory holding the socket, the database, the notify socket and the logs.
    let directory: TemporaryDirectory
    /// The listening socket's path.
    let socketPath: String
    /// The database file's path.
    let databasePath: String
    /// Arguments after `--socket`, `--database` and `--log-level debug`.
    var extraArguments: [String]
    /// Variables added to the daemon's clean environment (e.g. `CREDENTIALS_DIRECTORY`).
    var extraEnvironment: [String: String] = [:]
    /// When set, the daemon starts with `RLIMIT_NOFILE` at this many descriptors, soft and hard (through
    /// util-linux's `prlimit`, which then runs it in its own place: the pid stays the daemon's).
    var openFileLimit: Int?
    /// A command that runs placesd (its path and arguments follow), e.g. `ip netns exec NAME`; none by default.
    var launcher: [String] = []
    /// Whether the daemon gets `NOTIFY_SOCKET`, and so reports readiness and status through `notify`; without
    /// it, `start()` cannot be used: `spawn()` and wait for the socket (`admittedConnection(within:)`).
    var hasNotifySocket = true
    /// Where `placesd` reports readiness and status.
    let notify: NotifySocket
    /// The running daemon's pid, nil once it has been reaped.
    var pid: pid_t? { state.pid }
    /// How the previous run ended, once known.
    var lastExit: ExitStatus? { state.lastExit }
    /// The index in `notify.messages` where the current run's messages begin.
    private(set) var firstMessageOfRun = 0
    private let ownsDirectory: Bool
    private let name = "placesd-" + UUID().uuidString.prefix(8).lowercased()
    private var run = 0
    private var state = ChildState(name: "placesd")

    /// Prepares (does not start) a daemon; paths default to files in a new temporary directory.
    init(
        directory: TemporaryDirectory? = nil, socketPath: String? = nil, databasePath: String? = nil,
        arguments: [String] = []
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        ownsDirectory = true
        self.directory = directory
        self.socketPath = socketPath ?? directory.file("s.sock")
        self.databasePath = databasePath ?? directory.file("places.sqlite")
        extraArguments = arguments
        notify = try NotifySocket(path: directory.file(name + ".notify"))
    }

    /// Prepares a daemon in a directory the caller owns and removes itself.
    init(sharing directory: TemporaryDirectory, databasePath: String? = nil, arguments: [String] = []) throws {
        ownsDirectory = false
        self.directory = directory
        socketPath = directory.file("s.sock")
        self.databasePath = databasePath ?? directory.file("places.sqlite")
        extraArguments = arguments
        notify = try NotifySocket(path: directory.file(name + ".notify"))
    }

    /// Prepares and starts a daemon, waiting for `READY=1`.
    static func started(arguments: [String] = []) throws -> DaemonProcess {
        let daemon = try DaemonProcess(arguments: arguments)
        do {
            try daemon.start()
        } catch {
            daemon.shutdown()
            throw error
        }
        return daemon
    }

    /// The current run's stderr log file.
    var logPath: String { directory.file("\(name).\(run).log") }

    /// The current run's stderr.
    var log: String {
        String(decoding: TemporaryDirectory.contents(of: logPath) ?? [], as: UTF8.self)
    }

    /// The last lines of the current run's stderr, for failure messages.
    var logTail: String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false).suffix(40)
        return "\n--- placesd stderr (\(logPath)) ---\n" + lines.joined(separator: "\n") + "\n---"
    }

    /// Starts the daemon and waits up to `timeout` seconds for `READY=1` (failing early if it exits first).
    func start(timeout: Double = 10) throws {
        precondition(hasNotifySocket, "start() waits for READY=1 on the notify socket")
        try spawn()
        guard
            notify.wait(
                from: firstMessageOfRun, timeout: timeout, stillWaiting: { isRunning }, until: { $0 == "READY=1" })
                != nil
        else {
            if pid != nil {
                state.kill()
                throw TestFailure("placesd sent no READY=1 within \(timeout) s\(logTail)")
            }
            throw TestFailure("placesd exited before READY=1 (\(lastExit.map(String.init) ?? "?"))\(logTail)")
        }
    }

    /// Starts the daemon without waiting for anything.
    func spawn() throws {
        precondition(pid == nil, "placesd is already running")
        run += 1
        notify.drain()
        firstMessageOfRun = notify.messages.count
        var environment = Spawn.cleanEnvironment()
        if hasNotifySocket {
            environment["NOTIFY_SOCKET"] = notify.path
        }
        environment.merge(extraEnvironment) { _, extra in extra }
        var executable = try Binaries.placesd()
        var arguments =
            ["--socket", socketPath, "--database", databasePath, "--log-level", "debug"] + extraArguments
        if let openFileLimit {
            arguments = ["--nofile=\(openFileLimit):\(openFileLimit)", "--", executable] + arguments
            executable = try ExternalTool.path("prlimit", package: "util-linux")
        }
        if let first = launcher.first {
            arguments = Array(launcher.dropFirst()) + [executable] + arguments
            executable = first
        }
        state.started(
            try Spawn.start(executable, arguments, environment: environment, stdout: logPath, stderr: logPath))
    }

    /// Whether the daemon is still running; reaps it (recording `lastExit`) if it has ended.
    var isRunning: Bool {
        state.isRunning()
    }

    /// Waits up to `timeout` seconds for the daemon to end by itself and returns how.
    func waitForExit(timeout: Double = 10) throws -> ExitStatus {
        try state.waitForExit(timeout: timeout) { logTail }
    }

    /// Sends SIGTERM and waits for the daemon to exit; returns how it ended.
    func stop(timeout: Double = 10) throws -> ExitStatus {
        kill(try state.runningPID(), SIGTERM)
        do {
            return try waitForExit(timeout: timeout)
        } catch {
            state.kill()
            throw error
        }
    }

    /// Sends SIGKILL and reaps the daemon.
    func kill9() throws {
        kill(try state.runningPID(), SIGKILL)
        _ = try waitForExit(timeout: 10)
    }

    /// The daemon's resident set size in MiB (from `/proc/PID/status`), nil if it is not running.
    func residentMegabytes() -> Int? {
        guard let pid, let status = TemporaryDirectory.contents(of: "/proc/\(pid)/status") else { return nil }
        let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        guard let kilobytes = line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first else {
            return nil
        }
        return Int(kilobytes).map { $0 / 1024 }
    }

    /// The CPU time the daemon has used so far, user and system, in seconds (from `/proc/PID/stat`); nil if it
    /// is not running.
    func cpuSeconds() -> Double? {
        guard let pid, let stat = TemporaryDirectory.contents(of: "/proc/\(pid)/stat") else { return nil }
        // The command name in parentheses may hold spaces; fields 14 and 15 (utime, stime) follow it.
        let text = String(decoding: stat, as: UTF8.self)
        guard let end = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// How many file descriptors the daemon has open, nil if it is not running.
    func openFileCount() -> Int? {
        openFileDescriptors()?.count
    }

    /// The numbers of the file descriptors the daemon has open, nil if it is not running.
    func openFileDescriptors() -> Set<Int32>? {
        guard let pid, let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else {
            return nil
        }
        return Set(names.compactMap { Int32($0) })
    }

    /// Opens a new client connection.
    func connect() throws -> RawConnection {
        do {
            return try RawConnection(path: socketPath)
        } catch {
            throw TestFailure("\(error)\(logTail)")
        }
    }

    /// Kills a daemon still running, reports one that ended unexpectedly, and removes an owned directory.
    func shutdown(sourceLocation: SourceLocation = #_sourceLocation) {
        if pid != nil {
            if isRunning {
                state.kill()
            } else if let lastExit {
                Issue.record("placesd ended unexpectedly: \(lastExit)\(logTail)", sourceLocation: sourceLocation)
            }
        }
        if ProcessInfo.processInfo.environment["PLACESD_TEST_LOGS"] != nil {
            print("placesd stderr for \(directory.path):\(logTail)")
        }
        if ownsDirectory { directory.remove() }
    }
}

extension DaemonProcess {
    /// A new connection the daemon serves (it answers `server.status`), tried until `seconds` pass; nil if none
    /// was admitted by then.
    func admittedConnection(within seconds: Double) -> RawConnection? {
        var admitted: RawConnection?
        _ = Deadline.wait(seconds: seconds) {
            guard let candidate = try? connect(),
                (try? candidate.send(Request.line(id: "1", method: "server.status", params: "{}"))) != nil,
                let response = try? candidate.readResponse(timeout: 10), response["result"] != nil
            else { return false }
            admitted = candidate
            return true
        }
        return admitted
    }
}
