import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl update ID [--name NAME] [--description TEXT] [--lat LAT] [--lon LON] [--visited|--unvisited]
/// [--if-version N]`.
enum UpdateCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "update",
        abstract: "Change some fields of a place.",
        discussion: "Give at least one field to change; fields not given keep their values.",
        arguments: [CommonOptions.id],
        options: PlaceFieldOptions.updateOptions + [CommonOptions.ifVersion],
        handler: run
    )

    /// Checks that something changes, resolves the id, sends `places.update` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let fields = try PlaceFieldOptions(input)
        let ifVersion = try input[CommonOptions.ifVersion]
        guard !PlaceFieldOptions.areMissing(in: input) else {
            throw input.usageError(PlaceFieldOptions.nothingToUpdate)
        }
        let patch = try context.validated { () throws(ValidationError) in try fields.patch() }
        let id = try context.resolveID(input.argument(0) ?? "", command: spec.name)
        let result = try context.call(UpdateParams(id: id, patch: patch, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Updated \(PlaceText.label(place)), now at version \(place.version).\n")
    }
}
