import PlacesCommandLine
import PlacesProtocol

/// `placesctl list [--visited|--unvisited] [--search TEXT] [--tag TAG]... [--offset N] [--limit N]
/// [--format FORMAT] [--fields LIST]`.
enum ListCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "list",
        abstract: "List your places in a table.",
        discussion: """
            On a terminal, descriptions show their first line and the table is cut to fit its width; taller \
            output goes through the pager. Written to a file or a pipe, nothing is cut: every description shows \
            whole, its line breaks as spaces. --format tsv prints a header line of field names, then one place \
            per line, fields separated by tabs, tabs, newlines, carriage returns and backslashes in them \
            escaped as \\t, \\n, \\r and \\\\; the whole id and visited as true or false. With --json (or \
            --format json), prints placesd's result: {"places": [...], "total": N, "revision": R}, where total \
            counts the matches before --offset and --limit.
            """,
        options: [
            CommonOptions.visited.with(abstract: "Show only visited places."),
            CommonOptions.unvisited.with(abstract: "Show only places not visited yet."),
            search, tag, offset, limit, OutputFormat.option, OutputFormat.fields,
        ],
        isPaged: true,
        handler: run
    )

    /// `--search TEXT`.
    static let search = Option<String>(
        ["--search"], valueName: "TEXT",
        abstract: "Show only places whose name or description contains TEXT, ignoring case.")
    /// `--tag TAG`, repeatable.
    static let tag = Option<String>(
        ["--tag"], valueName: "TAG",
        abstract: "Show only places with tag TAG, ignoring case and accents; repeat it for places with every TAG."
    ).repeatable
    /// `--offset N`.
    static let offset = Option<Int64>.integer(
        ["--offset"], valueName: "N", abstract: "Skip the first N matching places.")
    /// `--limit N`.
    static let limit = Option<Int64>.integer(["--limit"], valueName: "N", abstract: "Show at most N places.")

    /// The line printed when the caller has no places at all.
    static let emptyMessage = "No places yet. Add one with: placesctl add NAME --lat LAT --lon LON"

    /// Sends `places.list` and prints the table.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let (format, columns) = try OutputFormat.chosen(input, context: context)
        let offset = try input[Self.offset]
        let limit = try input[Self.limit]
        let params = ListParams(
            visited: CommonOptions.visitedValue(input), query: try input[search], tags: try input.all(tag),
            offset: Int(offset ?? 0),
            limit: limit.map { Int($0) })
        let result = try context.call(params)
        if format == .json {
            return try context.writeJSON(result)
        }
        let page = try context.decode(result, from: Method.list.rawValue, ListPage.decode)
        if format == .tsv {
            return try context.write(PlaceTSV.render(page.places, columns: columns))
        }
        let isFiltered = CommonOptions.visitedValue(input) != nil || input.isGiven(search) || input.isGiven(tag)
        try context.write(
            render(
                page.places, total: page.total, offset: offset ?? 0, isFiltered: isFiltered, width: context.width,
                columns: columns, style: context.style))
    }

    /// The table with its footer, or the line shown when there is nothing to list.
    static func render(
        _ places: [WirePlace], total: Int64, offset: Int64, isFiltered: Bool, width: Int,
        columns: [PlaceColumn] = PlaceColumn.defaults, style: TextStyle = .plain
    ) -> String {
        if places.isEmpty {
            if total == 0 {
                return (isFiltered ? "No places match." : emptyMessage) + "\n"
            }
            return "No places at offset \(offset); \(total) match.\n"
        }
        var output = PlaceTable.render(places, columns: columns, width: width, style: style)
        if total > Int64(places.count) {
            let first = max(offset, 0) + 1
            output += "Showing \(first)-\(first + Int64(places.count) - 1) of \(total) places.\n"
        }
        return output
    }
}
