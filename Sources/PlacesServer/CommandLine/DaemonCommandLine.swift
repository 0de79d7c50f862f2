import PlacesCommandLine
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
    /// Copy a store from one database into another (`placesd migrate`).
    case migrate(MigrateCommand)
    /// Print the help of `placesd migrate`.
    case migrateHelp
    /// Inspect a backup file (`placesd backup --info FILE`).
    case backupInfo(BackupInfoCommand)
    /// Print the help of `placesd backup`.
    case backupHelp
    /// Restore a backup into the database (`placesd restore FILE`).
    case restore(RestoreCommand)
    /// Print the help of `placesd restore`.
    case restoreHelp
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

    /// The text `placesd --help` prints: the settings' lines come from the configuration table.
    public static let helpText: String = {
        var text = """
            Usage: placesd [OPTIONS]
                   placesd rekey [OPTIONS]   (see 'placesd rekey --help')
                   placesd migrate --from DATABASE --to DATABASE   (see 'placesd migrate --help')
                   placesd backup --info FILE   (see 'placesd backup --help')
                   placesd restore FILE [OPTIONS]   (see 'placesd restore --help')

            Keeps a list of places in SQLite (or PostgreSQL, shared by many hosts) and serves it as newline-delimited JSON-RPC 2.0 on a Unix socket.

            Options:

            """
        for option in DaemonOptions.serve {
            text += HelpColumns.option(option.helpLabel, option.abstract)
        }
        let restartOnly = ConfigurationKey.allCases.filter { $0.setting.reload == .restart }.map(\.rawValue)
        let forNewConnections = ConfigurationKey.allCases.filter { $0.setting.reload == .newConnections }
            .map(\.rawValue)
        text += "\n"
        text += HelpColumns.paragraph(
            "Every option but --config, --check-config, --version and --help is also a key of the configuration "
                + "file, written without the dashes (\"max-connections = 200\"); options on the command line win.")
        text += "\n"
        text += HelpColumns.paragraph(
            "Signals: SIGTERM or SIGINT stop the daemon cleanly after answering the requests it has read. SIGHUP "
                + "rereads the configuration and applies every setting but \(HelpColumns.list(restartOnly)) "
                + "(\(HelpColumns.list(forNewConnections)) for new connections); a configuration with an error is "
                + "logged and the running one kept.")
        text += HelpColumns.paragraph(
            "Exit status: 0 after a clean stop, 1 when the database or socket cannot be used, 64 for a usage error, "
                + "78 for a configuration error.")
        return text
    }()

    /// Parses `arguments` (without the program name).
    public static func parse(
        _ arguments: [String], environment: [String: String], uid: UInt32
    ) throws(UsageError) -> DaemonCommand {
        if arguments.first == "migrate" {
            guard let command = try MigrateCommand.parse(arguments.dropFirst()) else { return .migrateHelp }
            return .migrate(command)
        }
        if arguments.first == "backup" {
            guard let command = try BackupInfoCommand.parse(arguments.dropFirst()) else { return .backupHelp }
            return .backupInfo(command)
        }
        if arguments.first == "restore" {
            guard let command = try RestoreCommand.parse(arguments.dropFirst(), environment: environment, uid: uid)
            else { return .restoreHelp }
            return .restore(command)
        }
        if arguments.first == "rekey" {
            guard let command = try RekeyCommand.parse(arguments.dropFirst(), environment: environment, uid: uid)
            else { return .rekeyHelp }
            return .rekey(command)
        }
        var invocation = DaemonInvocation(environment: environment, uid: uid)
        var isCheckOnly = false
        var scratch = ServerConfiguration(environment: environment, uid: uid)
        var reader = ArgumentReader(arguments[...], doubleDashEndsOptions: false, everyArgumentIsAnOption: true)
        while let token = reader.next(options: DaemonOptions.serveOption(spelled:)) {
            let (option, name, text) = try DaemonOptions.read(token, command: nil)
            switch option {
            case DaemonOptions.help.declaration: return .help
            case DaemonOptions.version.declaration: return .version
            case DaemonOptions.openRPC.declaration: return .openRPC
            case DaemonOptions.checkConfig.declaration: isCheckOnly = true
            case DaemonOptions.config.declaration:
                guard !text.isEmpty else { throw UsageError("Option '\(name)' must not be empty.") }
                invocation.configurationPath = text
                invocation.isConfigurationPathExplicit = true
            default:
                guard let key = DaemonOptions.key(for: option) else { throw UsageError("Unknown option '\(name)'.") }
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
