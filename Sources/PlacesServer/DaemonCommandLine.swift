import PlacesSystem

/// What `placesd`'s command line asks for.
public enum DaemonCommand: Sendable, Equatable {
    /// Serve with this configuration.
    case serve(DaemonInvocation)
    /// Check the configuration, print the result and exit.
    case checkConfiguration(DaemonInvocation)
    /// Print the help text.
    case help
    /// Print the version.
    case version
    /// Print the OpenRPC document that `rpc.discover` returns.
    case openRPC
    /// Re-seal the database with a new key (`placesd rekey`).
    case rekey(RekeyCommand)
    /// Print the help of `placesd rekey`.
    case rekeyHelp
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
               placesd rekey [OPTIONS]   (see 'placesd rekey --help')

        Keeps a list of places in SQLite and serves it as newline-delimited JSON-RPC 2.0 on a Unix socket.

        Options:
          --config PATH            Read settings from PATH (default: $CONFIGURATION_DIRECTORY/placesd.conf;
                                   else /etc/placesd/placesd.conf for root, ~/.config/placesd/placesd.conf
                                   for others; a missing default file means the defaults).
          --check-config           Check the configuration file and flags, print the result and exit.
          --socket PATH            Listen on PATH (default: $RUNTIME_DIRECTORY/placesd.sock, else
                                   $XDG_RUNTIME_DIR/placesd.sock; without either, /run/placesd/placesd.sock
                                   for root and /tmp/placesd-$UID/placesd.sock for others). Ignored when
                                   systemd passes the listening socket (socket activation).
          --database PATH          Keep the places in the SQLite file PATH (default: $STATE_DIRECTORY/places.sqlite,
                                   else $XDG_STATE_HOME/placesd/places.sqlite, else ~/.local/state/placesd/places.sqlite).
          --socket-mode MODE       Permission bits of the socket, in octal (default: 0600).
          --max-connections N      Serve at most N clients at once (default: 1024).
          --max-line-bytes N       Refuse request lines longer than N bytes (default: 1048576).
          --max-places N           Let each user keep at most N places (default: 1000000).
          --max-connections-per-user N
                                   Serve at most N clients of one uid at once, root included (default: 256).
          --max-requests-in-flight N
                                   Stop reading a client that has N requests waiting for the store until
                                   answers come back (default: 1024; each request of a batch counts).
          --max-reply-buffer BYTES Stop reading a client once BYTES of its replies wait unread, until it reads
                                   (default: 67108864; at least 1048576).
          --max-reply-buffer-per-user BYTES
                                   Let the unread replies of one uid's clients take at most BYTES beyond each
                                   client's first MiB; past it they are not read until theirs are
                                   (default: 268435456; at least 1048576).
          --max-subscriber-buffer BYTES
                                   End a places.watch subscription once BYTES of events wait unread
                                   (default: 4194304; at least 1048576).
          --max-import-places N    Refuse a places.import of more than N places (default: 100000).
          --admin-group NAME       Members of group NAME may pass allUsers (default: placesd-admin; root always may).
          --log-level LEVEL        One of error, warning, notice, info, debug (default: info).
          --key-file PATH          Seal the places with the 32-byte key in PATH (raw, or its base64 text) (default:
                                   the systemd credential $CREDENTIALS_DIRECTORY/placesd.key if present). A
                                   plaintext database is encrypted on the first start with a key; an encrypted
                                   one without its key starts locked until 'placesctl unlock'.
          --openrpc                Print the protocol's OpenRPC document (what rpc.discover returns) and exit.
          --version                Print the version and exit.
          -h, --help               Print this help and exit.

        Every option but --config, --check-config, --version and --help is also a key of the configuration
        file, written without the dashes ("max-connections = 200"); options on the command line win.

        Signals: SIGTERM or SIGINT stop the daemon cleanly after answering the requests it has read. SIGHUP
        rereads the configuration and applies log-level, admin-group and every max-* limit (max-line-bytes,
        max-requests-in-flight, max-reply-buffer and max-subscriber-buffer for new connections); a configuration with an error is
        logged and the running one kept.
        Exit status: 0 after a clean stop, 1 when the database or socket cannot be used, 64 for a usage error,
        78 for a configuration error.

        """

    /// Parses `arguments` (without the program name).
    public static func parse(
        _ arguments: [String], environment: [String: String], uid: UInt32
    ) throws(UsageError) -> DaemonCommand {
        if arguments.first == "rekey" {
            guard let command = try RekeyCommand.parse(arguments.dropFirst(), environment: environment, uid: uid)
            else { return .rekeyHelp }
            return .rekey(command)
        }
        var invocation = DaemonInvocation(environment: environment, uid: uid)
        var isCheckOnly = false
        var scratch = ServerConfiguration(environment: environment, uid: uid)
        var reader = ArgumentReader(arguments[...])
        while let argument = reader.next() {
            func value() throws(UsageError) -> String { try reader.value(of: argument) }
            let name = argument.name
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--openrpc": return .openRPC
            case "--check-config": isCheckOnly = true
            case "--config":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("Option '--config' must not be empty.") }
                invocation.configurationPath = path
                invocation.isConfigurationPathExplicit = true
            default:
                guard name.hasPrefix("--"), let key = ConfigurationKey(rawValue: String(name.dropFirst(2))) else {
                    throw UsageError("Unknown option '\(argument.text)'.")
                }
                let text = try value()
                do {
                    try key.apply(text, to: &scratch)
                } catch {
                    throw UsageError("Option '\(name)' \(error).")
                }
                invocation.overrides.append(DaemonInvocation.Override(key: key, value: text))
            }
        }
        return isCheckOnly ? .checkConfiguration(invocation) : .serve(invocation)
    }
}
