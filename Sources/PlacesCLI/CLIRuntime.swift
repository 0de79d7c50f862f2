import PlacesClient
import PlacesSystem

/// Everything placesctl takes from the outside world, so tests can replace it.
public struct CLIRuntime {
    /// Opens a transport to the socket at the given path.
    public typealias Connector = (String) throws(ClientError) -> any RPCTransport

    /// The process environment (`PLACES_SOCKET`, `XDG_RUNTIME_DIR`).
    public var environment: [String: String]
    /// The real user id, for the user instance's socket path.
    public var userID: UInt32
    /// The width of the terminal on standard output, or nil when it is not a terminal.
    public var terminalColumns: Int?
    /// Whether a file exists at a path (used to look for the user instance's socket).
    public var fileExists: (String) -> Bool
    /// Opens a connection.
    public var connect: Connector
    /// Standard output.
    public var standardOutput: any OutputSink
    /// Standard error.
    public var standardError: any OutputSink

    /// Creates a runtime from its parts.
    public init(
        environment: [String: String], userID: UInt32, terminalColumns: Int?, fileExists: @escaping (String) -> Bool,
        connect: @escaping Connector, standardOutput: any OutputSink, standardError: any OutputSink
    ) {
        self.environment = environment
        self.userID = userID
        self.terminalColumns = terminalColumns
        self.fileExists = fileExists
        self.connect = connect
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The real thing: the process's streams, terminal and sockets.
    public static func live(environment: [String: String]) -> CLIRuntime {
        CLIRuntime(
            environment: environment,
            userID: FileSystem.realUserID(),
            terminalColumns: Terminal.columns(FileDescriptor.standardOutput.rawValue),
            fileExists: FileSystem.fileExists,
            connect: { (path) throws(ClientError) in try PlacesConnection(socketPath: path) },
            standardOutput: FileDescriptorSink(.standardOutput),
            standardError: FileDescriptorSink(.standardError)
        )
    }
}
