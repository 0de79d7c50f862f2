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
    /// The most client connections one user (uid) may have open at once; root is counted like anyone else.
    public var maximumConnectionsPerUser: Int = 256
    /// The most requests read from one connection and not yet answered (waiting for the store); at the limit
    /// the connection is not read until answers come back.
    public var maximumRequestsInFlight: Int = 1024
    /// The most bytes of replies one connection may leave unread; at the limit it is not read until its client
    /// reads.
    public var maximumReplyBytes: Int = 64 << 20
    /// The most bytes of unread replies all connections of one user may hold beyond each one's first MiB.
    public var maximumReplyBytesPerUser: Int = 256 << 20
    /// The most bytes of events that may wait for a `places.watch` subscriber before its subscription ends.
    public var maximumSubscriberBufferBytes: Int = 4 << 20
    /// The most places one `places.import` may add.
    public var maximumImportPlaces: Int = 100_000
    /// The most changes the change log keeps for watchers that resume (`places.watch` with `since`).
    public var maximumChangeLogEntries: Int = 100_000
    /// The longest the change log keeps a change, in seconds.
    public var maximumChangeLogAge: Int = 7 * 24 * 3_600
    /// How verbose the log is.
    public var logLevel: LogLevel = .info
    /// The group whose members may see every user's places (root always may).
    public var adminGroup: String = "placesd-admin"

    /// The file holding the store's key: `--key-file`, else the systemd credential
    /// `$CREDENTIALS_DIRECTORY/placesd.key` when it exists, else none (a sealed store then starts locked).
    public var keyFilePath: String?

    /// The name of the systemd credential that carries the store's key.
    public static let keyCredentialName = "placesd.key"

    /// The systemd credential `$CREDENTIALS_DIRECTORY/placesd.pgpass` when it exists: a libpq password file
    /// (`host:port:database:user:password` lines) for a PostgreSQL database, used unless `PGPASSFILE` is set.
    public var passwordFilePath: String?

    /// The name of the systemd credential that carries the PostgreSQL password file.
    public static let passwordCredentialName = "placesd.pgpass"

    /// Creates a configuration with the default paths for `uid` in `environment`.
    public init(environment: [String: String], uid: UInt32) {
        socketPath = DefaultPaths.daemonSocketPath(environment: environment, uid: uid)
        databasePath = DefaultPaths.databasePath(environment: environment, uid: uid)
        if let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty,
            FileSystem.fileExists(credentials + "/" + Self.keyCredentialName)
        {
            keyFilePath = credentials + "/" + Self.keyCredentialName
        }
        if let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty,
            FileSystem.fileExists(credentials + "/" + Self.passwordCredentialName)
        {
            passwordFilePath = credentials + "/" + Self.passwordCredentialName
        }
    }
}
