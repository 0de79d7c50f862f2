import Glibc

/// A spawned child's pid and, once it has been reaped, how it ended; shared by the process wrappers.
struct ChildState {
    /// What failure messages call the child, e.g. "placesd".
    let name: String
    /// The running child's pid, nil before it starts and once it has been reaped.
    private(set) var pid: pid_t?
    /// How the child ended, once known.
    private(set) var lastExit: ExitStatus?

    /// State for a child not yet started.
    init(name: String) {
        self.name = name
    }

    /// Records that `pid` was just started, forgetting the previous run's exit.
    mutating func started(_ pid: pid_t) {
        lastExit = nil
        self.pid = pid
    }

    /// Whether the child is still running (a stopped child counts); reaps it, recording `lastExit`, once it ended.
    mutating func isRunning() -> Bool {
        guard let pid else { return false }
        var word: Int32 = 0
        if waitpid(pid, &word, WNOHANG) == pid {
            lastExit = ExitStatus(waitStatus: word)
            self.pid = nil
            return false
        }
        return true
    }

    /// Throws unless the child is running.
    func runningPID() throws -> pid_t {
        guard let pid else { throw TestFailure("\(name) is not running (\(lastExit.map(String.init) ?? "?"))") }
        return pid
    }

    /// Sends `signal` to the child, which must still be running.
    func signal(_ signal: Int32) throws {
        let pid = try runningPID()
        guard Glibc.kill(pid, signal) == 0 else {
            throw TestFailure("kill(\(pid), \(signal)): \(RawConnection.errnoText())")
        }
    }

    /// Waits up to `timeout` seconds for the child to end and returns how; `details` is appended to failures.
    mutating func waitForExit(timeout: Double, details: () -> String) throws -> ExitStatus {
        if let pid {
            guard let status = Spawn.wait(pid, timeout: timeout) else {
                throw TestFailure("\(name) (pid \(pid)) still running after \(timeout) s\(details())")
            }
            lastExit = status
            self.pid = nil
        }
        guard let lastExit else { throw TestFailure("\(name) was never started") }
        return lastExit
    }

    /// Sends SIGKILL to a child still running and reaps it (waiting up to 5 seconds), recording how it ended.
    mutating func kill() {
        if let pid {
            lastExit = Spawn.killAndReap(pid)
            self.pid = nil
        }
    }
}
