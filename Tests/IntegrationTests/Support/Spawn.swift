import Foundation
import Glibc

/// Starting and reaping child processes with `posix_spawn`, with default signal handling and an empty mask.
enum Spawn {
    /// What happens to one of the child's file descriptors before it runs.
    enum FileAction {
        /// Opens `path` with `flags` (and `mode` when creating) as descriptor `fd`.
        case open(fd: Int32, path: String, flags: Int32, mode: mode_t = 0)
        /// Duplicates the parent's descriptor `source` as the child's `fd`.
        case duplicate(source: Int32, fd: Int32)

        /// Reads `path` (or `/dev/null` if nil) as stdin.
        static func stdin(_ path: String?) -> FileAction {
            .open(fd: 0, path: path ?? "/dev/null", flags: O_RDONLY)
        }

        /// Appends to `path`, created if needed, as descriptor `fd`.
        static func append(fd: Int32, path: String) -> FileAction {
            .open(fd: fd, path: path, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o644)
        }
    }

    /// Starts `executable` with `arguments` and exactly `environment`; the standard streams go to the given files
    /// (stdout and stderr appended to, created if needed; stdin read from `/dev/null` if nil).
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: String? = nil, stdout: String, stderr: String
    ) throws -> pid_t {
        try start(
            executable, arguments, environment: environment,
            files: [.stdin(stdin), .append(fd: 1, path: stdout), .append(fd: 2, path: stderr)])
    }

    /// Starts `executable` with `arguments` and exactly `environment`, applying `files` in order.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String], files: [FileAction]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for file in files {
            switch file {
            case .open(let fd, let path, let flags, let mode):
                posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
            case .duplicate(let source, let fd):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw TestFailure("Failed to start '\(executable)': \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits up to `timeout` seconds for `pid` to end; nil if it is still running then.
    static func wait(_ pid: pid_t, timeout: Double) -> ExitStatus? {
        var status: ExitStatus?
        _ = Deadline.wait(seconds: timeout) {
            var word: Int32 = 0
            let result = waitpid(pid, &word, WNOHANG)
            if result == pid { status = ExitStatus(waitStatus: word) }
            return result != 0
        }
        return status
    }

    /// Sends SIGKILL to `pid` and waits up to 5 seconds to reap it; returns how it ended, if it was reaped.
    @discardableResult
    static func killAndReap(_ pid: pid_t) -> ExitStatus? {
        kill(pid, SIGKILL)
        return wait(pid, timeout: 5)
    }

    /// The environment the tests pass on: this process's, minus anything systemd or a user's setup could add.
    static func cleanEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in [
            "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "JOURNAL_STREAM", "WATCHDOG_PID",
            "WATCHDOG_USEC", "PLACES_SOCKET", "CREDENTIALS_DIRECTORY", "STATE_DIRECTORY", "RUNTIME_DIRECTORY",
        ] {
            environment[key] = nil
        }
        return environment
    }
}
