import PlacesModel
import PlacesProtocol

/// `placesctl visit ID [--if-version N]` and `placesctl unvisit ID [--if-version N]`.
enum VisitCommand {
    /// `visit`: marks a place as visited.
    static let visitSpec = spec(name: "visit", isVisited: true, abstract: "Mark a place as visited.")
    /// `unvisit`: marks a place as not visited.
    static let unvisitSpec = spec(name: "unvisit", isVisited: false, abstract: "Mark a place as not visited.")

    /// The text after the place's label in the confirmation.
    static func state(_ isVisited: Bool) -> String {
        isVisited ? "as visited" : "as not visited"
    }

    private static func spec(name: String, isVisited: Bool, abstract: String) -> CommandSpec {
        CommandSpec(
            name: name,
            abstract: abstract,
            discussion: "The same as 'placesctl update ID --\(isVisited ? "visited" : "unvisited")'.",
            arguments: [CommonOptions.id],
            options: [CommonOptions.ifVersion],
            handler: { (input, context) throws(CLIFailure) in try run(input, context, isVisited: isVisited) }
        )
    }

    /// Resolves the id, sends `places.update` with `visited` and confirms.
    private static func run(_ input: CommandInput, _ context: CommandContext, isVisited: Bool) throws(CLIFailure) {
        let ifVersion = try input[CommonOptions.ifVersion]
        let id = try context.resolveID(input.argument(0) ?? "", command: input.command.name)
        let patch = try context.validated { () throws(ValidationError) in try PlacePatch(isVisited: isVisited) }
        let result = try context.call(UpdateParams(id: id, patch: patch, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Marked \(PlaceText.label(place)) \(state(isVisited)).\n")
    }
}
