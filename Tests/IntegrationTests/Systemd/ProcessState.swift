import Glibc

/// What `/proc/PID/stat` says about a process.
enum ProcessState {
    /// The one-letter state ("R", "S", "T" for stopped…), nil when the process is gone.
    static func letter(of pid: pid_t) -> Character? {
        guard let bytes = TemporaryDirectory.contents(of: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // "PID (COMMAND) STATE …": the command may hold spaces and parentheses, so look after the last ")".
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].first { $0 != " " }
    }

    /// Waits up to `timeout` seconds until the process is stopped by a signal; returns whether it is.
    static func waitUntilStopped(_ pid: pid_t, timeout: Double) -> Bool {
        Deadline.wait(seconds: timeout) { letter(of: pid) == "T" }
    }

    /// The file the process runs (`/proc/PID/exe`), nil when it cannot be read.
    static func executable(of pid: pid_t) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
