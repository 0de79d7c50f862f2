/// What a command line asks for, once parsed.
enum Invocation: Equatable {
    /// The overview help (`placesctl --help`, `placesctl help`).
    case overview
    /// One command's help (`placesctl add --help`).
    case help(command: String)
    /// No command: the overview help, and the exit status of a usage error.
    case bare
    /// The version line.
    case version
    /// Run a command.
    case run(CommandInput, GlobalOptions)
}
