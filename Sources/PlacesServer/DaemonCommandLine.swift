import PlacesSystem

/// What `placesd`'s command line asks for.
public enum DaemonCommand: Sendable, Equatable {
    /// Serve with this configuration.
    case serve(ServerConfiguration)
    /// Print the help text.
    case help
    /// Print the version.
    case version
}

/// A command line `placesd` cannot act on; `description` says why.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence naming the option and the problem.
    public let description: String

    /// Creates a usage error with `message`.
    public init(_ message: String) {
        description = message
    }
}

/// Parses `placesd`'s flags.
public enum DaemonCommandLine {
    /// The program's version.
    public static let version = "0.1.0"

    /// The text `placesd --help` prints.
    public static let helpText = """
        Usage: placesd [OPTIONS]

        Keeps a list of places in SQLite and serves it as newline-delimited JSON-RPC 2.0 on a Unix socket.

        Options:
          --socket PATH            Listen on PATH (default: $XDG_RUNTIME_DIR/placesd.sock; without it
                                   /run/placesd/placesd.sock for root, /tmp/placesd-$UID/placesd.sock otherwise).
          --database PATH          Keep the places in the SQLite file PATH (default: $STATE_DIRECTORY/places.sqlite,
                                   else $XDG_STATE_HOME/placesd/places.sqlite, else ~/.local/state/placesd/places.sqlite).
          --socket-mode MODE       Permission bits of the socket, in octal (default: 0600).
          --max-connections N      Serve at most N clients at once (default: 1024).
          --max-line-bytes N       Refuse request lines longer than N bytes (default: 1048576).
          --max-places N           Let each user keep at most N places (default: 1000000).
          --admin-group NAME       Members of group NAME may pass allUsers (default: placesd-admin; root always may).
          --log-level LEVEL        One of error, warning, notice, info, debug (default: info).
          --version                Print the version and exit.
          -h, --help               Print this help and exit.

        Signals: SIGTERM or SIGINT stop the daemon cleanly after answering the requests it has read.
        Exit status: 0 after a clean stop, 1 when the database or socket cannot be used, 64 for a usage error.

        """

    /// Parses `arguments` (without the program name).
    public static func parse(
        _ arguments: [String], environment: [String: String], uid: UInt32
    ) throws(UsageError) -> DaemonCommand {
        var configuration = ServerConfiguration(environment: environment, uid: uid)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError("Option '\(name)' needs a value.") }
                return next
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--socket": configuration.socketPath = try nonEmpty(value(), option: name)
            case "--database": configuration.databasePath = try nonEmpty(value(), option: name)
            case "--socket-mode":
                let text = try value()
                guard let mode = UInt32(text, radix: 8), mode <= 0o777 else {
                    throw UsageError("Option '--socket-mode' must be octal permission bits such as 0600, not '\(text)'.")
                }
                configuration.socketMode = mode
            case "--max-connections": configuration.maximumConnections = try positive(value(), option: name)
            case "--max-line-bytes": configuration.maximumLineBytes = try positive(value(), option: name)
            case "--max-places": configuration.maximumPlacesPerUser = try positive(value(), option: name)
            case "--admin-group": configuration.adminGroup = try nonEmpty(value(), option: name)
            case "--log-level":
                let text = try value()
                guard let level = LogLevel(name: text) else {
                    throw UsageError(
                        "Option '--log-level' must be one of error, warning, notice, info, debug, not '\(text)'."
                    )
                }
                configuration.logLevel = level
            default:
                throw UsageError("Unknown option '\(argument)'.")
            }
        }
        return .serve(configuration)
    }

    private static func nonEmpty(_ text: String, option: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("Option '\(option)' must not be empty.") }
        return text
    }

    private static func positive(_ text: String, option: String) throws(UsageError) -> Int {
        guard let number = Int(text), number > 0 else {
            throw UsageError("Option '\(option)' must be a positive whole number, not '\(text)'.")
        }
        return number
    }
}
