import PlacesClient
import PlacesProtocol

/// What a command's handler works with: the global options, the daemon (connected on first use) and output.
final class CommandContext {
    /// The terminal width assumed when standard output is not a terminal.
    static let defaultWidth = 80

    /// The global options given.
    let globals: GlobalOptions
    private let runtime: CLIRuntime
    private var transport: (any RPCTransport)?
    private var resolvedSocketPath: String?

    /// Creates a context; nothing is connected yet.
    init(globals: GlobalOptions, runtime: CLIRuntime) {
        self.globals = globals
        self.runtime = runtime
    }

    /// Whether to print the result's JSON only.
    var isJSON: Bool { globals.isJSON }

    /// The width to fit tables into.
    var width: Int {
        guard let columns = runtime.terminalColumns, columns > 0 else { return Self.defaultWidth }
        return columns
    }

    /// The socket to talk to: `--socket`, `$PLACES_SOCKET`, the user instance's if it exists, the system's.
    var socketPath: String {
        if let resolvedSocketPath {
            return resolvedSocketPath
        }
        let path = SocketLocator.resolve(
            explicit: globals.socketPath, environment: runtime.environment, uid: runtime.userID,
            fileExists: runtime.fileExists)
        resolvedSocketPath = path
        return path
    }

    /// Calls `method` on the daemon, connecting first if needed.
    func call(_ method: String, _ params: JSONValue? = nil) throws(CLIFailure) -> JSONValue {
        let path = socketPath
        do {
            let transport = try connection(path)
            return try transport.call(method, params: params)
        } catch {
            throw CLIFailure(error, socketPath: path)
        }
    }

    /// Writes `text` to standard output.
    func write(_ text: String) throws(CLIFailure) {
        do {
            try runtime.standardOutput.write(text)
        } catch {
            throw .output("cannot write to standard output: \(error.reason)")
        }
    }

    /// Writes `value` as one line of compact JSON.
    func writeJSON(_ value: JSONValue) throws(CLIFailure) {
        try write(value.jsonText + "\n")
    }

    /// Closes the connection, if one was opened.
    func close() {
        transport?.close()
        transport = nil
    }

    private func connection(_ path: String) throws(ClientError) -> any RPCTransport {
        if let transport {
            return transport
        }
        let opened = try runtime.connect(path)
        transport = opened
        return opened
    }
}
