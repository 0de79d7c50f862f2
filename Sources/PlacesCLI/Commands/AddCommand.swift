import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl add NAME --lat LAT --lon LON [--description TEXT] [--visited]`.
enum AddCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a place to your list.",
        discussion: "Prints a confirmation with the new place's short id; with --json, the new place.",
        arguments: [
            ArgumentDeclaration(name: "NAME", abstract: "The place's name, 1 to 200 characters.", isRequired: true)
        ],
        options: PlaceFieldOptions.addOptions,
        handler: run
    )

    /// Sends `places.add` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let name = input.argument(0) ?? ""
        let fields = try PlaceFieldOptions(input)
        let draft = try context.validated { () throws(ValidationError) in try fields.draft(name: name) }
        let result = try context.call(AddParams(draft: draft))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Added \(PlaceText.label(place)).\n")
    }
}
