import PlacesSystem

/// Everything the daemon needs to know to start, resolved from flags and the environment.
public struct ServerConfiguration: Sendable, Equatable {
    /// Where the listening socket is created.
    public var socketPath: String
    /// The SQLite database file.
    public var databasePath: String
    /// Permission bits of the socket file.
    public var socketMode: UInt32 = 0o600
    /// The most client connections served at once.
    public var maximumConnections: Int = 1024
    /// The longest request line accepted, in bytes.
    public var maximumLineBytes: Int = 1 << 20
    /// The most places a single user may keep.
    public var maximumPlacesPerUser: Int = 1_000_000
    /// How verbose the log is.
    public var logLevel: LogLevel = .info
    /// The group whose members may see every user's places (root always may).
    public var adminGroup: String = "placesd-admin"

    /// Creates a configuration with the default paths for `uid` in `environment`.
    public init(environment: [String: String], uid: UInt32) {
        socketPath = DefaultPaths.daemonSocketPath(environment: environment, uid: uid)
        databasePath = DefaultPaths.databasePath(environment: environment, uid: uid)
    }
}
