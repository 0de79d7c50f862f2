/// The daemon's configuration file: `key = value` lines; `#` starts a comment line; blank lines are ignored.
public struct ConfigurationFile: Sendable, Equatable {
    /// One setting and the line it came from.
    public struct Entry: Sendable, Equatable {
        /// Which setting.
        public let key: ConfigurationKey
        /// Its value, trimmed; surrounding double quotes are removed.
        public let value: String
        /// The 1-based line number, for messages.
        public let line: Int
    }

    /// Where the file was read from.
    public let path: String
    /// The settings in file order (a later line for the same key wins).
    public let entries: [Entry]

    /// Parses `text` read from `path`.
    public init(path: String, text: String) throws(ConfigurationError) {
        self.path = path
        var entries: [Entry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Self.trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigurationError(path: path, line: index + 1, reason: "expected 'key = value'")
            }
            let name = Self.trimmed(line[..<equals])
            var value = Self.trimmed(line[line.index(after: equals)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard let key = ConfigurationKey(rawValue: name) else {
                throw ConfigurationError(path: path, line: index + 1, reason: "unknown key '\(name)'")
            }
            entries.append(Entry(key: key, value: value, line: index + 1))
        }
        self.entries = entries
    }

    /// Applies every entry to `configuration`, checking each value.
    func apply(to configuration: inout ServerConfiguration) throws(ConfigurationError) {
        for entry in entries {
            do {
                try entry.key.apply(entry.value, to: &configuration)
            } catch {
                throw ConfigurationError(path: path, line: entry.line, reason: "'\(entry.key.rawValue)' \(error)")
            }
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = text.lastIndex(where: { !isSpace($0) })!
        return String(text[first...last])
    }

    private static func trimmed(_ text: String) -> String {
        trimmed(text[...])
    }
}

/// A configuration that cannot be used; says which file, which line and why.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The 1-based line, or nil when the whole file is the problem.
    public let line: Int?
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `configuration '/etc/placesd/placesd.conf', line 3: unknown key 'sokcet'`.
    public var description: String {
        "configuration '\(path)'" + (line.map { ", line \($0)" } ?? "") + ": \(reason)"
    }
}
