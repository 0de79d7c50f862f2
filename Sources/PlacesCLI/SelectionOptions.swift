import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// The options `list` and `near` share to order and filter places: `--sort`, `--order`, `--reverse`, `--search`,
/// `--tag`, `--bbox` (and `--visited`/`--unvisited` from `CommonOptions`).
enum SelectionOptions {
    /// `--sort KEY`.
    static let sort = Option<PlaceSort>(
        ["--sort"], valueName: "KEY",
        abstract: "Order by position, name, createdAt, updatedAt, visitedAt or distance.",
        completion: .words(PlaceSort.allCases.map(\.text)), convert: { PlaceSort(rawValue: $0) },
        refusal: { spelling, text in
            "\(spelling) expects one of \(PlaceSort.allCases.map(\.text).joined(separator: ", ")), got '\(text)'"
        })

    /// `--order asc|desc`, exclusive with `--reverse`.
    static let order = Option<SortDirection>(
        ["--order"], valueName: "asc|desc", abstract: "Smallest first (asc, the default) or largest first (desc).",
        completion: .words(["asc", "desc"]), convert: { SortDirection(rawValue: $0) },
        refusal: { spelling, text in "\(spelling) expects asc or desc, got '\(text)'" }
    ).excluding(group: "order")

    /// `--reverse`, the same as `--order desc`.
    static let reverse = Flag(["--reverse"], abstract: "The same as --order desc.", exclusiveGroup: "order")

    /// `--search TEXT`.
    static let search = Option<String>(
        ["--search"], valueName: "TEXT",
        abstract: "Only places whose name, description or a tag contains TEXT, ignoring case and accents.")

    /// `--tag TAG`, repeatable.
    static let tag = Option<String>(
        ["--tag"], valueName: "TAG",
        abstract: "Only places with tag TAG, ignoring case and accents; repeat it for places with every TAG."
    ).repeatable

    /// `--bbox S,W,N,E`.
    static let box = Option<[Double]>(
        ["--bbox"], valueName: "S,W,N,E",
        abstract: "Only places in this box of degrees; W greater than E crosses the antimeridian.",
        convert: { text in
            let edges = text.split(separator: ",", omittingEmptySubsequences: false).map {
                NumberSyntax.finiteDouble(String($0.filter { !$0.isWhitespace }))
            }
            guard edges.count == 4, edges.allSatisfy({ $0 != nil }) else { return nil }
            return edges.compactMap { $0 }
        },
        refusal: { spelling, text in "\(spelling) expects four numbers SOUTH,WEST,NORTH,EAST, got '\(text)'" })

    /// The options, as a command lists them.
    static let all: [any DeclaresOption] = [sort, order, reverse, search, tag, box]

    /// The selection the options ask for, sorted by `defaultSort` when `--sort` is not given.
    static func selection(_ input: CommandInput, defaultSort: PlaceSort) throws(CLIFailure) -> PlaceSelection {
        var selection = PlaceSelection(
            sort: try input[sort] ?? defaultSort,
            order: input[reverse] ? .descending : try input[order] ?? .ascending,
            visited: CommonOptions.visitedValue(input), query: try input[search], tags: try input.all(tag))
        if let edges = try input[box] {
            do throws(ValidationError) {
                selection.box = try BoundingBox(
                    south: edges[0], west: edges[1], north: edges[2], east: edges[3], field: "--bbox")
            } catch {
                throw input.usageError("\(error.field) \(error.reason)")
            }
        }
        return selection
    }
}
