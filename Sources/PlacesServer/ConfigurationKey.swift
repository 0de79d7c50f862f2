import PlacesSystem

/// A setting that both the configuration file (`key = value`) and the command line (`--key value`) accept.
public enum ConfigurationKey: String, Sendable, CaseIterable {
    /// Where the listening socket is created.
    case socket
    /// The SQLite database file.
    case database
    /// Permission bits of the socket, in octal.
    case socketMode = "socket-mode"
    /// The most clients served at once.
    case maxConnections = "max-connections"
    /// The longest request line, in bytes.
    case maxLineBytes = "max-line-bytes"
    /// The most places one user may keep.
    case maxPlaces = "max-places"
    /// The most clients one user (uid) may have connected at once.
    case maxConnectionsPerUser = "max-connections-per-user"
    /// The most requests one connection may have read and not yet answered.
    case maxRequestsInFlight = "max-requests-in-flight"
    /// The most bytes of replies one connection may leave unread, at least 1 MiB.
    case maxReplyBuffer = "max-reply-buffer"
    /// The most bytes of unread replies one user's connections may hold together beyond each one's first MiB.
    case maxReplyBufferPerUser = "max-reply-buffer-per-user"
    /// The most bytes of events that may wait for a subscriber, at least 1 MiB.
    case maxSubscriberBuffer = "max-subscriber-buffer"
    /// The most places one `places.import` may add.
    case maxImportPlaces = "max-import-places"
    /// The group whose members may pass `allUsers`.
    case adminGroup = "admin-group"
    /// How verbose the log is.
    case logLevel = "log-level"
    /// The file holding the store's 32-byte key (raw or base64).
    case keyFile = "key-file"

    /// Whether a new value takes effect on reload (SIGHUP); the others need a restart.
    public var isReloadable: Bool {
        switch self {
        case .socket, .database, .socketMode, .keyFile: false
        case .maxConnections, .maxLineBytes, .maxPlaces, .adminGroup, .logLevel: true
        case .maxConnectionsPerUser, .maxRequestsInFlight, .maxSubscriberBuffer, .maxImportPlaces: true
        case .maxReplyBuffer, .maxReplyBufferPerUser: true
        }
    }

    /// Sets this key's field of `configuration` from `text`; the error says what is wrong with the value.
    func apply(_ text: String, to configuration: inout ServerConfiguration) throws(UsageError) {
        switch self {
        case .socket: configuration.socketPath = try Self.nonEmpty(text)
        case .database: configuration.databasePath = try Self.nonEmpty(text)
        case .socketMode:
            guard let mode = UInt32(text, radix: 8), mode <= 0o777 else {
                throw UsageError("must be octal permission bits such as 0600, not '\(text)'")
            }
            configuration.socketMode = mode
        case .maxConnections: configuration.maximumConnections = try Self.positive(text)
        case .maxLineBytes: configuration.maximumLineBytes = try Self.positive(text)
        case .maxPlaces: configuration.maximumPlacesPerUser = try Self.positive(text)
        case .maxConnectionsPerUser: configuration.maximumConnectionsPerUser = try Self.positive(text)
        case .maxRequestsInFlight: configuration.maximumRequestsInFlight = try Self.positive(text)
        case .maxReplyBuffer:
            configuration.maximumReplyBytes = try Self.atLeast(Self.minimumReplyBufferBytes, text)
        case .maxReplyBufferPerUser:
            configuration.maximumReplyBytesPerUser = try Self.atLeast(Self.minimumReplyBufferBytes, text)
        case .maxSubscriberBuffer:
            configuration.maximumSubscriberBufferBytes = try Self.atLeast(Self.minimumSubscriberBufferBytes, text)
        case .maxImportPlaces: configuration.maximumImportPlaces = try Self.positive(text)
        case .adminGroup: configuration.adminGroup = try Self.nonEmpty(text)
        case .keyFile: configuration.keyFilePath = try Self.nonEmpty(text)
        case .logLevel:
            guard let level = LogLevel(name: text) else {
                throw UsageError("must be one of error, warning, notice, info, debug, not '\(text)'")
            }
            configuration.logLevel = level
        }
    }

    /// The smallest reply buffer: what every connection may hold before its user's budget counts.
    static let minimumReplyBufferBytes = 1 << 20

    /// The smallest subscriber buffer the protocol allows (it promises at least 1 MiB of events).
    static let minimumSubscriberBufferBytes = 1 << 20

    private static func atLeast(_ minimum: Int, _ text: String) throws(UsageError) -> Int {
        guard let number = Int(text), number >= minimum else {
            throw UsageError("must be a whole number of at least \(minimum), not '\(text)'")
        }
        return number
    }

    private static func nonEmpty(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("must not be empty") }
        return text
    }

    private static func positive(_ text: String) throws(UsageError) -> Int {
        guard let number = Int(text), number > 0 else {
            throw UsageError("must be a positive whole number, not '\(text)'")
        }
        return number
    }
}
