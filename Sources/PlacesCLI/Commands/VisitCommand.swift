import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl visit ID [--on DATE] [--if-version N]` and `placesctl unvisit ID [--if-version N]`.
enum VisitCommand {
    /// `--on DATE` of `visit`.
    static let on = Option<String>(
        ["--on"], valueName: "DATE",
        abstract: "The day (YYYY-MM-DD) or time (RFC 3339) of the visit, not in the future; default now.")

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
            discussion: isVisited
                ? "The same as 'placesctl update ID --visited'; the visit date is now, or --on's."
                : "The same as 'placesctl update ID --unvisited'; the visit date is cleared.",
            arguments: [CommonOptions.id],
            options: isVisited ? [on, CommonOptions.ifVersion] : [CommonOptions.ifVersion],
            handler: { (input, context) throws(CLIFailure) in try run(input, context, isVisited: isVisited) }
        )
    }

    /// Resolves the id, sends `places.update` with `visited` and confirms.
    private static func run(_ input: CommandInput, _ context: CommandContext, isVisited: Bool) throws(CLIFailure) {
        let ifVersion = try input[CommonOptions.ifVersion]
        var visitedAt: Timestamp?
        if isVisited, let date = try input[on] {
            guard let parsed = Timestamp(rfc3339: date) else {
                throw input.usageError("--on expects a date such as 2026-06-01 or an RFC 3339 time, got '\(date)'")
            }
            visitedAt = parsed
        }
        let id = try context.resolveID(input.argument(0) ?? "", command: input.command.name)
        let patch = try context.validated { () throws(ValidationError) in
            try PlacePatch(isVisited: isVisited, visitedAt: visitedAt)
        }
        let result = try context.call(UpdateParams(id: id, patch: patch, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        try context.write("Marked \(PlaceText.label(place)) \(state(isVisited)).\n")
    }
}
