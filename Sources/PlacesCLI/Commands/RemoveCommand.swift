import PlacesProtocol

/// `placesctl remove ID [--if-version N]`.
enum RemoveCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove a place from your list.",
        discussion: "Says the name and short id of the place removed; with --json, prints placesd's result.",
        arguments: [CommonOptions.id],
        options: [CommonOptions.ifVersion],
        handler: run
    )

    /// Finds the place (for its name), sends `places.remove` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let ifVersion = try input[CommonOptions.ifVersion]
        let place = try context.resolvePlace(input.argument(0) ?? "", command: spec.name)
        let result = try context.call(RemoveParams(id: place.id, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        try context.write("Removed \(PlaceText.label(place)).\n")
    }
}
