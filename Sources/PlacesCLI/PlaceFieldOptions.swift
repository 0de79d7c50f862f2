import PlacesCommandLine
import PlacesModel

/// The options that set a place's fields, declared once for `placesctl add` and `placesctl update`, and what they
/// give, turned into a draft or a patch in one place.
struct PlaceFieldOptions {
    /// `--name NAME` (`update`; `add` takes the name as its argument).
    static let name = Option<String>(["--name"], valueName: "NAME", abstract: "The new name, 1 to 200 characters.")

    /// `--visited` of `add`, which has no `--unvisited`.
    static let visitedAlready = Flag(["--visited"], abstract: "Mark the place as visited already.")

    /// `--tag TAG` of `add`, repeatable.
    static let tag = Option<String>(
        ["--tag"], valueName: "TAG", abstract: "Give the place tag TAG (1 to 64 characters); repeat it for more tags."
    ).repeatable
    /// `--tag TAG` of `update`: the tags given replace the place's own.
    static let replacingTag = tag.with(
        abstract: "Replace the place's tags with the TAGs given; repeat it for more tags ('placesctl tag' adds).")

    /// The options of `placesctl add`, in its help's order (the coordinates may come as arguments instead).
    static let addOptions: [any DeclaresOption] = [
        CommonOptions.latitude, CommonOptions.longitude, CommonOptions.description, visitedAlready, tag,
    ]

    /// The options of `placesctl update` that set a field, in its help's order.
    static let updateOptions: [any DeclaresOption] = [
        name, CommonOptions.description, CommonOptions.latitude, CommonOptions.longitude, CommonOptions.visited,
        CommonOptions.unvisited, replacingTag,
    ]

    /// The usage error's sentence when `update` is given no field to change.
    static let nothingToUpdate =
        "nothing to update: give at least one of " + updateOptions.map(\.declaration.name).joined(separator: ", ")

    /// `--name`, if given.
    let name: String?
    /// `--description`, if given.
    let description: String?
    /// `--lat`, if given.
    let latitude: Double?
    /// `--lon`, if given.
    let longitude: Double?
    /// `--visited` (true) or `--unvisited` (false), if given.
    let visited: Bool?
    /// `--tag`s, nil when none is given.
    let tags: [String]?

    /// Reads the options of a field that `input` holds, in the help's order.
    init(_ input: CommandInput) throws(CLIFailure) {
        name = try input[Self.name]
        description = try input[CommonOptions.description]
        latitude = try input[CommonOptions.latitude]
        longitude = try input[CommonOptions.longitude]
        visited = CommonOptions.visitedValue(input)
        let tags = try input.all(Self.tag)
        self.tags = tags.isEmpty ? nil : tags
    }

    /// Whether `input` gives none of the options that set a field.
    static func areMissing(in input: CommandInput) -> Bool {
        !updateOptions.contains { input.isGiven($0) }
    }

    /// The validated new place named `name` at the coordinates given, each option not given at its default.
    func draft(name: String, latitude: Double, longitude: Double) throws(ValidationError) -> PlaceDraft {
        try PlaceDraft(
            name: name, description: description ?? "", latitude: latitude, longitude: longitude,
            isVisited: visited, tags: tags ?? [])
    }

    /// The validated change of the fields given.
    func patch() throws(ValidationError) -> PlacePatch {
        try PlacePatch(
            name: name, description: description, latitude: latitude, longitude: longitude, isVisited: visited,
            tags: tags)
    }
}
