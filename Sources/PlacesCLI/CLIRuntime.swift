import PlacesClient
import PlacesGazetteer
import PlacesSystem

/// Everything placesctl takes from the outside world, so tests can replace it.
public struct CLIRuntime {
    /// Opens a transport to the socket at the given path.
    public typealias Connector = (String) throws(ClientError) -> any RPCTransport
    /// Reads a whole file (`-`: standard input), telling `progress` the bytes read so far and the total when known.
    public typealias InputReader = (_ path: String, _ progress: (Int, Int?) -> Void) throws(InputError) -> [UInt8]
    /// Replaces the file at a path with the given bytes, atomically.
    public typealias FileWriter = (_ path: String, _ contents: UnsafeRawBufferPointer) throws(OutputError) -> Void
    /// Starts catching SIGINT and SIGTERM.
    public typealias StopSignalInstaller = () throws(SystemError) -> any StopSignals
    /// Returns `count` bytes from the kernel's random source.
    public typealias RandomSource = (_ count: Int) throws(SystemError) -> [UInt8]
    /// Reads a key file (`-`: standard input), at most a little more than a key's text.
    public typealias KeyReader = (_ path: String) throws(InputError) -> [UInt8]
    /// Reads one line from the terminal on standard input without echoing it.
    public typealias HiddenLineReader = () throws(InputError) -> [UInt8]
    /// Opens the gazetteer of the world's cities.
    public typealias GazetteerOpener = () throws(GazetteerError) -> Gazetteer
    /// Pages text through a pager command (`sh -c COMMAND`) on the terminal, waiting for it to end.
    public typealias PagerRunner = (_ command: String, _ text: String) throws(OutputError) -> Void

    /// The process environment (`PLACES_SOCKET`, `XDG_RUNTIME_DIR`).
    public var environment: [String: String]
    /// The real user id, for the user instance's socket path.
    public var userID: UInt32
    /// The width of the terminal on standard output, or nil when it is not a terminal.
    public var terminalColumns: Int?
    /// The height of the terminal on standard output, or nil when it is not a terminal.
    public var terminalRows: Int?
    /// Whether standard error is a terminal (progress bars are drawn only there).
    public var isStandardErrorTerminal = false
    /// Whether standard input is a terminal (`unlock` then asks for the key without echoing it).
    public var isStandardInputTerminal = false
    /// Whether standard output is a terminal (`key generate --raw` refuses to write there).
    public var isStandardOutputTerminal = false
    /// Whether a file exists at a path (used to look for the user instance's socket).
    public var fileExists: (String) -> Bool
    /// Opens a connection.
    public var connect: Connector
    /// Standard output.
    public var standardOutput: any OutputSink
    /// Standard error.
    public var standardError: any OutputSink
    /// Reads the file `import` was given.
    public var readInput: InputReader = InputFile.read
    /// Writes the file `export -o` was given.
    public var writeFile: FileWriter = AtomicFile.write
    /// Catches SIGINT and SIGTERM for `watch`.
    public var installStopSignals: StopSignalInstaller = { () throws(SystemError) in try SignalStop() }
    /// The random bytes of `key generate`.
    public var randomBytes: RandomSource = { (count) throws(SystemError) in try Random.bytes(count: count) }
    /// Reads the key file `unlock` was given, or standard input when it is not a terminal.
    public var readKey: KeyReader = { (path) throws(InputError) in
        try InputFile.read(path, atMost: StoreKeyText.maximumInputLength)
    }
    /// Runs the pager for output taller than the terminal.
    public var runPager: PagerRunner
    /// Opens the cities for `add NAME`, `near CITY` and `where` (the files are looked for as `GazetteerFiles`
    /// says, from the environment given and the running program's path).
    public var openGazetteer: GazetteerOpener
    /// Reads the key `unlock` asks for on a terminal.
    public var readHiddenLine: HiddenLineReader = { () throws(InputError) in
        try HiddenLine.read(from: .standardInput)
    }

    /// Creates a runtime from its parts; files and signals are the real ones until replaced.
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
        runPager = { (command, text) throws(OutputError) in
            try PagerProcess.run(command, text: text, environment: environment)
        }
        openGazetteer = { () throws(GazetteerError) in
            try Gazetteer(
                environment: environment, executablePath: FileSystem.executablePath(), fileExists: FileSystem.fileExists
            )
        }
    }

    /// The real thing: the process's streams, terminal, files, signals and sockets.
    public static func live(environment: [String: String]) -> CLIRuntime {
        var runtime = CLIRuntime(
            environment: environment,
            userID: FileSystem.realUserID(),
            terminalColumns: Terminal.columns(FileDescriptor.standardOutput.rawValue),
            fileExists: FileSystem.fileExists,
            connect: { (path) throws(ClientError) in try PlacesConnection(socketPath: path) },
            standardOutput: FileDescriptorSink(.standardOutput),
            standardError: FileDescriptorSink(.standardError)
        )
        runtime.terminalRows = Terminal.rows(FileDescriptor.standardOutput.rawValue)
        runtime.isStandardErrorTerminal = Terminal.isTerminal(FileDescriptor.standardError.rawValue)
        runtime.isStandardInputTerminal = Terminal.isTerminal(FileDescriptor.standardInput.rawValue)
        runtime.isStandardOutputTerminal = Terminal.isTerminal(FileDescriptor.standardOutput.rawValue)
        return runtime
    }
}
