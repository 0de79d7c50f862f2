import Glibc
import Synchronization

/// Writes log lines to standard error (descriptor 2), one `write(2)` per message.
///
/// When standard error is the journal (`JOURNAL_STREAM` names its device and inode), each line starts with
/// the syslog priority, "<3>Failed to …", which journald turns into the entry's priority and strips.
/// Otherwise each line reads "error: Failed to …". Every line of a multi-line message gets the prefix.
/// Write errors are ignored: there is nowhere left to report them.
public final class Logger: Sendable {
    private let threshold: Atomic<Int>
    private let output: Int32
    /// Whether lines carry "<N>" priority prefixes for journald.
    let isJournal: Bool
    /// Where messages go as structured journal entries when standard error is the journal.
    private let structuredSink: (any StructuredLogSink)?

    /// Creates a logger for messages at `level` or more severe, reading `JOURNAL_STREAM` from `environment`.
    ///
    /// When standard error is the journal and `structuredSink` is given, messages are sent through it with their
    /// fields; should it fail, they are written as prefixed lines.
    public convenience init(
        level: LogLevel, environment: [String: String], structuredSink: (any StructuredLogSink)? = nil
    ) {
        self.init(
            level: level, environment: environment, outputFileDescriptor: 2, structuredSink: structuredSink)
    }

    /// Creates a logger writing to `outputFileDescriptor`, which `JOURNAL_STREAM` is compared with.
    init(
        level: LogLevel, environment: [String: String], outputFileDescriptor: Int32,
        structuredSink: (any StructuredLogSink)? = nil
    ) {
        threshold = Atomic(level.rawValue)
        output = outputFileDescriptor
        isJournal = Logger.isJournalStream(outputFileDescriptor, journalStream: environment["JOURNAL_STREAM"])
        self.structuredSink = isJournal ? structuredSink : nil
    }

    /// The least severe level that is written.
    public var level: LogLevel {
        LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .debug
    }

    /// Changes the least severe level that is written; safe from any thread.
    public func setLevel(_ level: LogLevel) {
        threshold.store(level.rawValue, ordering: .relaxed)
    }

    /// Whether a message at `level` would be written.
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool {
        level.rawValue <= thresholdValue
    }

    @usableFromInline
    var thresholdValue: Int {
        threshold.load(ordering: .relaxed)
    }

    /// Writes `message` at `level`; the message is not built unless the level is enabled.
    @inlinable
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        if isEnabled(level) { write(level, message(), fields: []) }
    }

    /// Writes `message` at `level` with journal fields such as `PLACESD_CLIENT_UID` (used only when logging to
    /// the journal); nothing is built unless the level is enabled.
    @inlinable
    public func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, fields: @autoclosure () -> [LogField]
    ) {
        if isEnabled(level) { write(level, message(), fields: fields()) }
    }

    /// Logs at `.error`.
    @inlinable
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    /// Logs at `.warning`.
    @inlinable
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }

    /// Logs at `.notice`.
    @inlinable
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }

    /// Logs at `.info`.
    @inlinable
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }

    /// Logs at `.debug`.
    @inlinable
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    @usableFromInline
    func write(_ level: LogLevel, _ message: String, fields: [LogField]) {
        if let structuredSink, structuredSink.send(level, message, fields: fields) { return }
        var text = format(level, message)
        text.withUTF8 { bytes in
            var remaining = UnsafeRawBufferPointer(bytes)
            while !remaining.isEmpty {
                let written = Glibc.write(output, remaining.baseAddress, remaining.count)
                if written >= 0 {
                    remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
                } else if errno == EAGAIN {
                    SystemCall.waitUntilReady(output, events: Int16(POLLOUT))
                } else if errno != EINTR {
                    return
                }
            }
        }
    }

    /// The text written for one message, newline-terminated.
    func format(_ level: LogLevel, _ message: String) -> String {
        let prefix = isJournal ? "<\(level.rawValue)>" : "\(level.name): "
        var text = ""
        text.reserveCapacity(message.utf8.count + prefix.utf8.count + 1)
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            text += prefix
            text += line
            text += "\n"
        }
        return text
    }

    /// Whether `fd` is the stream `JOURNAL_STREAM` ("DEVICE:INODE", in decimal) names.
    static func isJournalStream(_ fd: Int32, journalStream: String?) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}

/// A journal field attached to a log message: an upper-case name and a value.
public struct LogField: Sendable, Hashable {
    /// The field name, e.g. `PLACESD_CLIENT_UID`.
    public let name: String
    /// The value.
    public let value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Somewhere log messages can go as structured entries (the journal's native protocol).
public protocol StructuredLogSink: Sendable {
    /// Sends one entry; returns false when it could not, so the caller falls back to a plain line.
    func send(_ level: LogLevel, _ message: String, fields: [LogField]) -> Bool
}
