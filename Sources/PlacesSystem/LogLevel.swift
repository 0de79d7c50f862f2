/// A syslog priority; lower is more severe, so `level <= threshold` means "log it".
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    /// The system is unusable.
    case emergency = 0
    /// Action must be taken immediately.
    case alert
    /// Critical conditions.
    case critical
    /// Error conditions.
    case error
    /// Warning conditions.
    case warning
    /// Normal but significant conditions.
    case notice
    /// Informational messages.
    case info
    /// Debugging messages.
    case debug

    /// Parses a name, in any letter case ("emerg"/"emergency", "alert", "crit"/"critical", "err"/"error",
    /// "warning"/"warn", "notice", "info", "debug"), or a digit 0–7.
    public init?(name: String) {
        switch name.lowercased() {
        case "emerg", "emergency", "0": self = .emergency
        case "alert", "1": self = .alert
        case "crit", "critical", "2": self = .critical
        case "err", "error", "3": self = .error
        case "warn", "warning", "4": self = .warning
        case "notice", "5": self = .notice
        case "info", "6": self = .info
        case "debug", "7": self = .debug
        default: return nil
        }
    }

    /// The lower-case name, such as "warning".
    public var name: String {
        switch self {
        case .emergency: "emergency"
        case .alert: "alert"
        case .critical: "critical"
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        case .info: "info"
        case .debug: "debug"
        }
    }

    /// Orders by severity: `.emergency < .debug`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
