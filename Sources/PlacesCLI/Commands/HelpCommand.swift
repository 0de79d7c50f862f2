import PlacesCommandLine

/// `placesctl help [COMMAND]`.
enum HelpCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show the overview, or one command's help.",
        arguments: [
            ArgumentDeclaration(
                name: "COMMAND", abstract: "The command to explain.", isRequired: false, completion: .command)
        ],
        handler: run
    )

    /// Prints the help asked for.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        guard let name = input.argument(0) else {
            return try context.write(HelpText.overview())
        }
        guard let command = CommandTable.command(named: name) else {
            throw .usage("unknown command '\(name)'", command: nil)
        }
        try context.write(HelpText.help(for: command))
    }
}
