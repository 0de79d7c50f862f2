import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl tag ID TAG...`, `placesctl untag ID TAG...` and `placesctl tags`.
enum TagCommand {
    /// `tag`: adds tags to a place.
    static let tagSpec = spec(
        name: "tag", abstract: "Add tags to a place.",
        discussion: """
            Tags are added to the place's tags as they are when placesd makes the change, so two people tagging \
            the same place at once both keep their tags. A tag is 1 to 64 characters; tags that differ only in \
            case or accents are one tag, kept as first written; a place has at most 32.
            """, isAdding: true)
    /// `untag`: takes tags off a place.
    static let untagSpec = spec(
        name: "untag", abstract: "Take tags off a place.",
        discussion: "A tag is taken off whatever its case or accents; a tag the place does not have is ignored.",
        isAdding: false)

    /// `tags`: lists the caller's tags.
    static let tagsSpec = CommandSpec(
        name: "tags",
        abstract: "List your tags, each with its number of places.",
        discussion: """
            With --json, prints placesd's result: {"tags": [{"tag": T, "count": N}, ...], "revision": R}. List \
            a tag's places with 'placesctl list --tag TAG'.
            """,
        handler: runTags
    )

    /// The `TAG...` argument.
    static let tags = ArgumentDeclaration(
        name: "TAG", abstract: "A tag, 1 to 64 characters.", isRequired: true, isVariadic: true)

    private static func spec(name: String, abstract: String, discussion: String, isAdding: Bool) -> CommandSpec {
        CommandSpec(
            name: name,
            abstract: abstract,
            discussion: discussion,
            arguments: [CommonOptions.id, tags],
            options: [CommonOptions.ifVersion],
            handler: { (input, context) throws(CLIFailure) in try run(input, context, isAdding: isAdding) }
        )
    }

    /// Resolves the id, sends `places.update` with `addTags` or `removeTags` and prints the place's tags.
    private static func run(_ input: CommandInput, _ context: CommandContext, isAdding: Bool) throws(CLIFailure) {
        let ifVersion = try input[CommonOptions.ifVersion]
        let tags = input.arguments(from: 1)
        let patch = try context.validated { () throws(ValidationError) in
            isAdding ? try PlacePatch(addTags: tags) : try PlacePatch(removeTags: tags)
        }
        let id = try context.resolveID(input.argument(0) ?? "", command: input.command.name)
        let result = try context.call(UpdateParams(id: id, patch: patch, ifVersion: ifVersion))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let place = try context.decodePlace(result)
        let list = place.tags.isEmpty ? "no tags" : "tags: " + place.tags.joined(separator: ", ")
        try context.write("\(PlaceText.label(place)) has \(list).\n")
    }

    /// Sends `places.tags` and prints one tag a line after its count.
    private static func runTags(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let result = try context.call(.tags)
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let counts = try context.decode(result, from: Method.tags.rawValue, TagsResult.decode).tags
        try context.write(render(counts))
    }

    /// The tags, one a line: the count right-aligned, then the tag; a sentence when there are none.
    static func render(_ counts: [TagsResult.TagCount]) -> String {
        guard !counts.isEmpty else { return "No tags yet. Add one with: placesctl tag ID TAG\n" }
        let width = counts.map { String($0.count).count }.max() ?? 1
        return counts.map { count in
            String(repeating: " ", count: width - String(count.count).count) + "\(count.count)  \(count.tag)\n"
        }.joined()
    }
}
