import CSystemd
import Glibc
import PlacesSystem

/// Sends log messages to the journal with `sd_journal_sendv`, so they carry fields such as
/// `PLACESD_CLIENT_UID=` next to `MESSAGE=` and `PRIORITY=`.
public struct JournalSink: StructuredLogSink {
    /// The `SYSLOG_IDENTIFIER=` of every entry.
    public let identifier: String

    /// Creates a sink whose entries are marked with `identifier`.
    public init(identifier: String = "placesd") {
        self.identifier = identifier
    }

    /// journald's socket for native entries.
    public static let socketPath = "/run/systemd/journal/socket"

    /// A sink when `JOURNAL_STREAM` is set (the logger still checks that it is standard error) and journald's
    /// socket is there; nil otherwise. The check matters: `sd_journal_sendv` reports success when the socket is
    /// missing and drops the entry, so without it the log would vanish instead of falling back to lines.
    public static func ifJournal(identifier: String = "placesd") -> JournalSink? {
        guard getenv("JOURNAL_STREAM") != nil, access(socketPath, W_OK) == 0 else { return nil }
        return JournalSink(identifier: identifier)
    }

    /// Sends one entry; false when the journal refused it.
    public func send(_ level: LogLevel, _ message: String, fields: [LogField]) -> Bool {
        var entries = [
            "MESSAGE=\(message)", "PRIORITY=\(level.rawValue)", "SYSLOG_IDENTIFIER=\(identifier)",
        ]
        for field in fields { entries.append("\(field.name)=\(field.value)") }
        // One buffer holds every entry, so that every iovec points into memory that lives for the whole call.
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for entry in entries {
            let start = bytes.count
            bytes.append(contentsOf: entry.utf8)
            ranges.append(start..<bytes.count)
        }
        return bytes.withUnsafeMutableBytes { buffer in
            var vectors = ranges.map { range in
                iovec(iov_base: buffer.baseAddress! + range.lowerBound, iov_len: range.count)
            }
            return sd_journal_sendv(&vectors, Int32(vectors.count)) == 0
        }
    }
}
