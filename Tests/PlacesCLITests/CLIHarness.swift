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
        /// Standard output's bytes as written (`key generate --raw`).
        let standardOutputBytes: [UInt8]
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
        /// The byte counts asked of the random source.
        let randomRequests: [Int]
        /// The paths key files were read from (`-`: standard input, not a terminal).
        let keyReads: [String]
        /// How many lines were read from the terminal without echo.
        let hiddenReads: Int
        /// The pager commands run and the text each was given.
        let paged: [(command: String, text: String)]
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
    /// Whether standard input is a terminal.
    var isStandardInputTerminal = false
    /// Whether standard output is a terminal.
    var isStandardOutputTerminal = false
    /// The terminal's height, or nil.
    var terminalRows: Int?
    /// What the random source gives, or its failure.
    var random: Result<[UInt8], SystemError> = .success(Array(0..<32))
    /// The line typed at the key prompt, or the failure reading it.
    var typedLine: Result<[UInt8], InputError> = .failure(InputError(reason: "no terminal"))
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
        var randomRequests: [Int] = []
        let random = random
        runtime.randomBytes = { (count) throws(SystemError) in
            randomRequests.append(count)
            return try random.get()
        }
        var keyReads: [String] = []
        runtime.readKey = { (path) throws(InputError) in
            keyReads.append(path)
            guard let contents = files[path] else { throw InputError(reason: "No such file or directory") }
            return contents
        }
        var hiddenReads = 0
        let typedLine = typedLine
        runtime.readHiddenLine = { () throws(InputError) in
            hiddenReads += 1
            return try typedLine.get()
        }
        runtime.isStandardInputTerminal = isStandardInputTerminal
        runtime.isStandardOutputTerminal = isStandardOutputTerminal
        runtime.terminalRows = terminalRows
        var paged: [(command: String, text: String)] = []
        runtime.runPager = { (command, text) throws(OutputError) in paged.append((command, text)) }
        let exitCode = PlacesCLI.run(arguments: ["placesctl"] + arguments, runtime: runtime)
        return Outcome(
            exitCode: exitCode, standardOutput: output.text, standardOutputBytes: output.bytes,
            standardError: errors.text,
            calls: transports.flatMap(\.calls), connectedPaths: paths,
            wasClosed: transports.allSatisfy(\.isClosed), transports: transports, writtenFiles: written,
            waits: signals.waits, randomRequests: randomRequests, keyReads: keyReads, hiddenReads: hiddenReads,
            paged: paged)
    }
}
