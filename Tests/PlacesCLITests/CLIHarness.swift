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
        let calls: [FakeTransport.Call]
        let connectedPaths: [String]
        let wasClosed: Bool
    }

    /// The environment given to the run.
    var environment: [String: String] = ["PLACES_SOCKET": "/tmp/test.sock"]
    /// The terminal width, or nil for "not a terminal".
    var terminalColumns: Int?
    /// Whether writing standard output fails.
    var outputFailure: OutputError?
    /// Set to make connecting fail with `ENOENT`.
    var isDaemonDown = false
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
        let transport = FakeTransport(respond)
        let output = BufferSink(failure: outputFailure)
        let errors = BufferSink()
        var paths: [String] = []
        let isDown = isDaemonDown
        let runtime = CLIRuntime(
            environment: environment, userID: 1000, terminalColumns: terminalColumns, fileExists: { _ in false },
            connect: { (path) throws(ClientError) in
                paths.append(path)
                if isDown {
                    throw .unreachable(path: path, SystemError(errno: 2, operation: "connect to socket '\(path)'"))
                }
                return transport
            },
            standardOutput: output, standardError: errors)
        let exitCode = PlacesCLI.run(arguments: ["placesctl"] + arguments, runtime: runtime)
        return Outcome(
            exitCode: exitCode, standardOutput: output.text, standardError: errors.text, calls: transport.calls,
            connectedPaths: paths, wasClosed: transport.isClosed)
    }
}
