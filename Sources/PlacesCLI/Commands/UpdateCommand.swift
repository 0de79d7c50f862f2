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
            .value(["--name"], key: "name", valueName: "NAME", abstract: "The new name, 1 to 200 characters."),
            CommonOptions.description,
            CommonOptions.latitude(isRequired: false),
            CommonOptions.longitude(isRequired: false),
            CommonOptions.visited,
            CommonOptions.unvisited,
            CommonOptions.ifVersion,
        ],
        handler: run
    )

    /// Checks that something changes, resolves the id, sends `places.update` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        var changes = JSONObjectBuilder()
        changes.add("name", string: input.text("name"))
        changes.add("description", string: input.text("description"))
        changes.add("latitude", number: try input.number("lat"))
        changes.add("longitude", number: try input.number("lon"))
        changes.add("visited", bool: CommonOptions.visitedValue(input))
        let ifVersion = try input.integer("ifVersion")
        guard !changes.object.members.isEmpty else {
            throw input.usageError(
                "nothing to update: give at least one of --name, --description, --lat, --lon, --visited, --unvisited")
        }
        let id = try context.resolveID(input.argument(0) ?? "", command: spec.name)
        var params = JSONObjectBuilder()
        params.add("id", string: id.description)
        for member in changes.object.members {
            params.add(member.key, member.value)
        }
        params.add("ifVersion", integer: ifVersion)
        let result = try context.call("places.update", params.value)
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Updated \(PlaceText.label(place)), now at version \(place.version).\n")
    }
}
