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
    /// A failure is reported on standard error; with `--json`, every failure (a usage error, an unreachable
    /// daemon, a refused request) also prints one JSON-RPC error object on standard output, where the result
    /// would have gone.
    public static func run(arguments: [String], runtime: CLIRuntime) -> ExitCode {
        var globals = GlobalOptions()
        do {
            let invocation = try CommandLineParser().parse(Array(arguments.dropFirst()), globals: &globals)
            return try execute(invocation, globals: globals, runtime: runtime)
        } catch {
            if globals.isJSON {
                try? runtime.standardOutput.write(error.errorLine)
            }
            let style = TextStyle(globals.color, isTerminal: runtime.isStandardErrorTerminal, runtime.environment)
            try? runtime.standardError.write(style.failure(error.report))
            return error.exitCode
        }
    }

    /// The process's environment.
    public static func processEnvironment() -> [String: String] {
        ProcessEnvironment.current()
    }

    private static func execute(
        _ invocation: Invocation, globals: GlobalOptions, runtime: CLIRuntime
    ) throws(CLIFailure) -> ExitCode {
        switch invocation {
        case .overview:
            try show(HelpText.overview(), globals: globals, runtime: runtime)
        case .bare:
            if globals.isJSON {
                throw .usage("missing command", command: nil)
            }
            try show(HelpText.overview(), globals: globals, runtime: runtime)
            return .usage
        case .help(let name):
            let command = CommandTable.command(named: name)
            try show(command.map(HelpText.help(for:)) ?? HelpText.overview(), globals: globals, runtime: runtime)
        case .version:
            try CommandContext(globals: globals, runtime: runtime).write("placesctl \(version)\n")
        case .run(let input, let globals):
            let context = CommandContext(globals: globals, runtime: runtime, isPaged: input.command.isPaged)
            defer { context.close() }
            do {
                try input.command.handler(input, context)
            } catch {
                try? context.finishOutput()
                throw error
            }
            try context.finishOutput()
        }
        return .success
    }

    /// Prints help text, through the pager when it is taller than the terminal.
    private static func show(_ text: String, globals: GlobalOptions, runtime: CLIRuntime) throws(CLIFailure) {
        let context = CommandContext(globals: globals, runtime: runtime, isPaged: true)
        try context.write(text)
        try context.finishOutput()
    }
}
