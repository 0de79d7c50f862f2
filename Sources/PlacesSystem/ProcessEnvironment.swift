import CLinux

/// The process's environment variables.
public enum ProcessEnvironment {
    /// A snapshot of `environ`; an entry without "=" is skipped, and the first of duplicate names wins, as
    /// `getenv` would have it.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        guard var entry = CLinux_environ() else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let separator = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<separator])
                if result[name] == nil {
                    result[name] = String(text[text.index(after: separator)...])
                }
            }
            entry += 1
        }
        return result
    }
}
