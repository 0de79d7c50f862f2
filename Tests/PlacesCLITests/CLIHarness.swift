import PlacesCLI
import PlacesClient
import PlacesProtocol
import PlacesSystem

/// Runs placesctl in memory: a fake daemon, captured output.
struct CLIHarness {
    /// What one run produced.
    struct Outcome {
        let exitCode: ExitCode
        let standardOutput: String
        let standardError: String
        /// The calls over every connection, in order.
        let calls: [FakeTransport.Call]
        let connectedPaths: [String]
        /// Whether every connection opened was closed.
        let wasClosed: Bool
        /// The connections opened, in order.
        let transports: [FakeTransport]
        /// The files written through the runtime.
        let writtenFiles: [String: String]
        /// The waits between reconnection attempts, in milliseconds.
        let waits: [Int]
    }

    /// What one connection attempt meets.
    enum Session {
        /// The daemon is not there (`ECONNREFUSED`).
        case unreachable
        /// The daemon answers, then sends these notifications; after them, waiting is interrupted.
        case connected([Result<ServerNotification?, ClientError>])
    }

    /// The environment given to the run.
    var environment: [String: String] = ["PLACES_SOCKET": "/tmp/test.sock"]
    /// The terminal width, or nil for "not a terminal".
    var terminalColumns: Int?
    /// Whether standard error is a terminal.
    var isStandardErrorTerminal = false
    /// Whether writing standard output fails.
    var outputFailure: OutputError?
    /// Set to make connecting fail with `ENOENT`.
    var isDaemonDown = false
    /// The connection attempts, in order; once used up, every attempt connects with no notifications.
    var sessions: [Session] = []
    /// The wait (counting from 1) at which a stop signal arrives.
    var stopAtWait: Int?
    /// The input files by path (`-` is standard input); a missing one cannot be read.
    var inputFiles: [String: [UInt8]] = [:]
    /// The size `readInput` claims while reading, when set.
    var reportedInputSize: Int?
    /// Whether writing a file fails.
    var fileFailure: OutputError?
    /// The daemon's answers.
    var respond: (String, JSONValue?) -> Result<JSONValue, ClientError> = { method, _ in
        .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
    }

    /// Runs `placesctl ARGUMENTS...`.
    func run(_ arguments: String...) -> Outcome {
        run(arguments)
    }

    /// Runs `placesctl ARGUMENTS...`.
    func run(_ arguments: [String]) -> Outcome {
        let output = BufferSink(failure: outputFailure)
        let errors = BufferSink()
        var paths: [String] = []
        var transports: [FakeTransport] = []
        var written: [String: String] = [:]
        var remaining = sessions
        let isDown = isDaemonDown
        let respond = respond
        let signals = FakeStopSignals(stopAtWait: stopAtWait)
        var runtime = CLIRuntime(
            environment: environment, userID: 1000, terminalColumns: terminalColumns, fileExists: { _ in false },
            connect: { (path) throws(ClientError) in
                paths.append(path)
                let session = remaining.isEmpty ? .connected([]) : remaining.removeFirst()
                guard !isDown, case .connected(let notifications) = session else {
                    let code: Int32 = isDown ? 2 : 111
                    throw .unreachable(path: path, SystemError(errno: code, operation: "connect to socket '\(path)'"))
                }
                let transport = FakeTransport(respond, notifications: notifications)
                transports.append(transport)
                return transport
            },
            standardOutput: output, standardError: errors)
        runtime.isStandardErrorTerminal = isStandardErrorTerminal
        runtime.installStopSignals = { () throws(SystemError) in signals }
        let files = inputFiles
        let reportedSize = reportedInputSize
        runtime.readInput = { (path, progress) throws(InputError) in
            guard let contents = files[path] else { throw InputError(reason: "No such file or directory") }
            let total = reportedSize ?? contents.count
            progress(total / 2, total)
            progress(total, total)
            return contents
        }
        let fileFailure = fileFailure
        runtime.writeFile = { (path, contents) throws(OutputError) in
            if let fileFailure { throw fileFailure }
            written[path] = String(decoding: contents, as: UTF8.self)
        }
        let exitCode = PlacesCLI.run(arguments: ["placesctl"] + arguments, runtime: runtime)
        return Outcome(
            exitCode: exitCode, standardOutput: output.text, standardError: errors.text,
            calls: transports.flatMap(\.calls), connectedPaths: paths,
            wasClosed: transports.allSatisfy(\.isClosed), transports: transports, writtenFiles: written,
            waits: signals.waits)
    }
}
