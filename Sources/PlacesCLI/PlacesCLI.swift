import PlacesCommandLine
import PlacesSystem

/// placesctl: the command-line view of placesd.
public enum PlacesCLI {
    /// The version `placesctl --version` prints.
    public static let version = HelpText.version

    /// placesctl's command line as data: what the shell completions are made from.
    public static let commandLine = ProgramDeclaration(
        name: "placesctl", globalOptions: GlobalOptions.specs, topOptions: [GlobalOptions.versionSpec],
        commands: CommandTable.all.map(\.declaration), isCommandOptional: false)

    /// Runs placesctl with the process's streams, terminal and sockets; returns the exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        run(arguments: arguments, runtime: .live(environment: environment)).rawValue
    }

    /// Runs placesctl against `runtime`; `arguments` start with the program's name.
    ///
    /// A failure is reported on standard error; with `--json`, a refused request also prints its JSON-RPC error
    /// object on standard output, where the result would have gone.
    public static func run(arguments: [String], runtime: CLIRuntime) -> ExitCode {
        var isJSON = false
        do {
            let invocation = try CommandLineParser().parse(Array(arguments.dropFirst()))
            if case .run(_, let globals) = invocation {
                isJSON = globals.isJSON
            }
            try execute(invocation, runtime: runtime)
            return .success
        } catch {
            if isJSON, let line = error.errorLine {
                try? runtime.standardOutput.write(line)
            }
            try? runtime.standardError.write(error.report)
            return error.exitCode
        }
    }

    /// The process's environment.
    public static func processEnvironment() -> [String: String] {
        ProcessEnvironment.current()
    }

    private static func execute(_ invocation: Invocation, runtime: CLIRuntime) throws(CLIFailure) {
        let context: CommandContext
        switch invocation {
        case .overview:
            context = CommandContext(globals: GlobalOptions(), runtime: runtime)
            try context.write(HelpText.overview())
        case .help(let name):
            context = CommandContext(globals: GlobalOptions(), runtime: runtime)
            let command = CommandTable.command(named: name)
            try context.write(command.map(HelpText.help(for:)) ?? HelpText.overview())
        case .version:
            context = CommandContext(globals: GlobalOptions(), runtime: runtime)
            try context.write("placesctl \(version)\n")
        case .run(let input, let globals):
            context = CommandContext(globals: globals, runtime: runtime)
            defer { context.close() }
            try input.command.handler(input, context)
        }
    }
}
