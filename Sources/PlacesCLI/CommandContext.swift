import PlacesClient
import PlacesModel
import PlacesProtocol
import PlacesSystem

/// What a command's handler works with: the global options, the daemon (connected on first use) and output.
final class CommandContext {
    /// The global options given.
    let globals: GlobalOptions
    /// The outside world.
    let runtime: CLIRuntime
    /// A descriptor that interrupts every wait for the daemon once readable (set by `watch`).
    var interruption: FileDescriptor? {
        didSet { transport?.interruption = interruption }
    }
    /// How standard output is coloured.
    let style: TextStyle
    private var transport: (any RPCTransport)?
    private var resolvedSocketPath: String?
    /// The output held back to decide, once complete, whether it needs the pager; nil when it goes straight out.
    private var heldOutput: String?

    /// Creates a context; nothing is connected yet. With `isPaged`, output to a terminal is held until
    /// `finishOutput()`, which pages it when it is taller than the terminal.
    init(globals: GlobalOptions, runtime: CLIRuntime, isPaged: Bool = false) {
        self.globals = globals
        self.runtime = runtime
        style = TextStyle(globals.color, isTerminal: runtime.isStandardOutputTerminal, runtime.environment)
        let mayPage = isPaged && runtime.isStandardOutputTerminal && !globals.isJSON && !globals.isPagerDisabled
        heldOutput = mayPage ? "" : nil
    }

    /// Whether to print the result's JSON only.
    var isJSON: Bool { globals.isJSON }

    /// The width to fit tables into: the terminal's; unlimited when standard output is not a terminal, so that
    /// nothing is cut from text going to a file or a pipe.
    var width: Int {
        if let columns = runtime.terminalColumns, columns > 0 {
            return columns
        }
        return runtime.isStandardOutputTerminal ? TextLayout.defaultWidth : .max
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

    /// Calls the method `params` are for, connecting first if needed; `progress` hears the request's bytes as sent.
    func call(_ params: some MethodParams, progress: ((Int, Int) -> Void)? = nil) throws(CLIFailure) -> JSONValue {
        try call(type(of: params).method.rawValue, Self.value(of: params), progress: progress)
    }

    /// Calls a method that takes no params.
    func call(_ method: Method) throws(CLIFailure) -> JSONValue {
        try call(method.rawValue)
    }

    /// Calls the method `params` are for, and lets the caller decide what a client error means.
    func callReportingClientErrors(
        _ params: some MethodParams, progress: ((Int, Int) -> Void)? = nil
    ) throws(ClientError) -> JSONValue {
        try callReportingClientErrors(type(of: params).method.rawValue, Self.value(of: params), progress: progress)
    }

    /// The params as sent: nil (no `params` member) when every member has its default.
    private static func value(of params: some MethodParams) -> JSONValue? {
        let object = params.encoded
        return object.members.isEmpty ? nil : .object(object)
    }

    /// The value `make` builds from what the command line gave, which it validates as the daemon would: what the
    /// daemon would refuse is refused here, before any request, with the daemon's own error (-32602 naming the
    /// field), reported as a refusal from the daemon is.
    func validated<Value>(_ make: () throws(ValidationError) -> Value) throws(CLIFailure) -> Value {
        do {
            return try make()
        } catch {
            throw CLIFailure(ClientError.rpc(.invalidParams(error)), socketPath: socketPath)
        }
    }

    /// Calls `method` on the daemon, connecting first if needed; `progress` hears the request's bytes as sent.
    func call(
        _ method: String, _ params: JSONValue? = nil, progress: ((Int, Int) -> Void)? = nil
    ) throws(CLIFailure) -> JSONValue {
        do {
            return try callReportingClientErrors(method, params, progress: progress)
        } catch {
            throw CLIFailure(error, socketPath: socketPath)
        }
    }

    /// Calls `method`, connecting first if needed, and lets the caller decide what a client error means.
    func callReportingClientErrors(
        _ method: String, _ params: JSONValue? = nil, progress: ((Int, Int) -> Void)? = nil
    ) throws(ClientError) -> JSONValue {
        try connection().call(method, params: params, progress: progress)
    }

    /// The next notification on the open connection; nil once the daemon has closed it.
    func nextNotification() throws(ClientError) -> ServerNotification? {
        try connection().nextNotification()
    }

    /// The next notification on the open connection, or `.timedOut` when none arrived within
    /// `timeoutMilliseconds` (nil: no limit); nil once the daemon has closed the connection.
    func nextNotification(timeoutMilliseconds: Int32?) throws(ClientError) -> ServerNotification? {
        try connection().nextNotification(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Writes `text` to standard output (or holds it for the pager).
    func write(_ text: String) throws(CLIFailure) {
        if heldOutput != nil {
            heldOutput?.append(text)
            return
        }
        do {
            try runtime.standardOutput.write(text)
        } catch {
            throw .output("cannot write to standard output: \(error.reason)")
        }
    }

    /// Writes `bytes` to standard output as they are.
    func write(bytes: [UInt8]) throws(CLIFailure) {
        try finishOutput()
        do {
            try runtime.standardOutput.write(bytes: bytes)
        } catch {
            throw .output("cannot write to standard output: \(error.reason)")
        }
    }

    /// Writes `value` as one line of compact JSON.
    func writeJSON(_ value: JSONValue) throws(CLIFailure) {
        try write(value.jsonText + "\n")
    }

    /// Writes `text` to standard error as is; a failure there has nowhere to be reported, so it is ignored.
    func writeError(_ text: String) {
        try? runtime.standardError.write(text)
    }

    /// Writes `placesctl: MESSAGE.` to standard error, for notes that are not failures.
    func note(_ message: String) {
        writeError("placesctl: \(Sentence.ending(message))\n")
    }

    /// Writes the output held for the pager: through it when it is taller than the terminal, else straight out.
    func finishOutput() throws(CLIFailure) {
        guard let text = heldOutput else { return }
        heldOutput = nil
        let pager = PagerChoice.command(
            for: text, isTerminal: runtime.isStandardOutputTerminal, rows: runtime.terminalRows,
            columns: runtime.terminalColumns, isDisabled: globals.isPagerDisabled, environment: runtime.environment)
        guard let pager else {
            return try write(text)
        }
        do {
            try runtime.runPager(pager, text)
        } catch {
            note(error.reason)
            try write(text)
        }
    }

    /// Closes the connection, if one was opened; the next call connects again.
    func close() {
        transport?.close()
        transport = nil
    }

    private func connection() throws(ClientError) -> any RPCTransport {
        if let transport {
            return transport
        }
        let opened = try runtime.connect(socketPath)
        opened.interruption = interruption
        transport = opened
        return opened
    }
}
