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
        options: [
            name,
            CommonOptions.description,
            CommonOptions.latitude,
            CommonOptions.longitude,
            CommonOptions.visited,
            CommonOptions.unvisited,
            CommonOptions.ifVersion,
        ],
        handler: run
    )

    /// `--name NAME`.
    static let name = Option<String>(["--name"], valueName: "NAME", abstract: "The new name, 1 to 200 characters.")

    /// Checks that something changes, resolves the id, sends `places.update` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let name = try input[Self.name]
        let description = try input[CommonOptions.description]
        let latitude = try input[CommonOptions.latitude]
        let longitude = try input[CommonOptions.longitude]
        let visited = CommonOptions.visitedValue(input)
        let ifVersion = try input[CommonOptions.ifVersion]
        guard name != nil || description != nil || latitude != nil || longitude != nil || visited != nil else {
            throw input.usageError(
                "nothing to update: give at least one of --name, --description, --lat, --lon, --visited, --unvisited")
        }
        let patch = try context.validated { () throws(ValidationError) in
            try PlacePatch(
                name: name, description: description, latitude: latitude, longitude: longitude, isVisited: visited)
        }
        let id = try context.resolveID(input.argument(0) ?? "", command: spec.name)
        let result = try context.call(UpdateParams(id: id, patch: patch, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Updated \(PlaceText.label(place)), now at version \(place.version).\n")
    }
}
