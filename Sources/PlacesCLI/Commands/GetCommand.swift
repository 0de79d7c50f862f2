import PlacesProtocol

/// `placesctl get ID`.
enum GetCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "get",
        abstract: "Show every field of one place.",
        arguments: [CommonOptions.id],
        handler: run
    )

    /// Resolves the id, sends `places.get` and prints the block.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let id = try context.resolveID(input.argument(0) ?? "", command: spec.name)
        let result = try context.call(GetParams(id: id))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        try context.write(PlaceDetails.render(context.decodePlace(result)))
    }
}
