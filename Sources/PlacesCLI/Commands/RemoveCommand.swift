import PlacesProtocol

/// `placesctl remove ID [--if-version N]`.
enum RemoveCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove a place from your list.",
        arguments: [CommonOptions.id],
        options: [CommonOptions.ifVersion],
        handler: run
    )

    /// Resolves the id, sends `places.remove` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let ifVersion = try input[CommonOptions.ifVersion]
        let id = try context.resolveID(input.argument(0) ?? "", command: spec.name)
        let result = try context.call(RemoveParams(id: id, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        try context.write("Removed place \(PlaceText.shortID(id)).\n")
    }
}
