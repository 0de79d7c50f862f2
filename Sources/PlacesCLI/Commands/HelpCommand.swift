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
        isPaged: true,
        handler: run
    )

    /// Prints the help asked for.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        guard let name = input.argument(0) else {
            return try context.write(HelpText.overview())
        }
        guard let command = CommandTable.command(named: name) else {
            let hint = Suggestion.hint(for: name, among: CommandTable.all.map(\.name))
            throw .usage("unknown command '\(name)'\(hint)", command: nil)
        }
        try context.write(HelpText.help(for: command))
    }
}
