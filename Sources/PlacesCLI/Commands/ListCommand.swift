import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl list [--sort KEY] [--order asc|desc|--reverse] [--visited|--unvisited] [--search TEXT] [--tag TAG]...
/// [--bbox S,W,N,E] [--lat LAT --lon LON|--from ID] [--offset N] [--limit N] [--format FORMAT] [--fields LIST]`.
enum ListCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "list",
        abstract: "List your places in a table.",
        discussion: """
            Places come in your own order unless --sort asks for another: name (case and accents ignored), \
            createdAt, updatedAt, visitedAt (places without a visit date last), or distance from --lat and --lon \
            or from the place --from names; ties go by id. --search ignores case and accents too (zurich finds \
            Zürich) and looks in tags as well as names and descriptions. \
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
        ] + SelectionOptions.all + [
            CommonOptions.latitude.with(abstract: "With --sort distance: measure from this latitude."),
            CommonOptions.longitude.with(abstract: "With --sort distance: measure from this longitude."),
            from, offset, limit, OutputFormat.option, OutputFormat.fields,
        ],
        isPaged: true,
        handler: run
    )

    /// `--search TEXT`.
    static let search = SelectionOptions.search
    /// `--tag TAG`, repeatable.
    static let tag = SelectionOptions.tag
    /// `--from ID`.
    static let from = Option<String>(
        ["--from"], valueName: "ID", abstract: "With --sort distance: measure from this place (a name or an id).",
        completion: .placeID)
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
        let selection = try SelectionOptions.selection(input, defaultSort: .position)
        let latitude = try input[CommonOptions.latitude]
        let longitude = try input[CommonOptions.longitude]
        guard (latitude == nil) == (longitude == nil) else { throw input.usageError("give both --lat and --lon") }
        let point = latitude.flatMap { latitude in longitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        let from = try input[Self.from].map { text throws(CLIFailure) in try context.resolveID(text, command: "list") }
        let params = ListParams(
            selection: selection, point: point, from: from, offset: Int(offset ?? 0), limit: limit.map { Int($0) })
        let result = try context.call(params)
        if format == .json {
            return try context.writeJSON(result)
        }
        let page = try context.decode(result, from: Method.list.rawValue, ListPage.decode)
        if format == .tsv {
            return try context.write(PlaceTSV.render(page.places, columns: columns))
        }
        let isFiltered =
            selection.visited != nil || input.isGiven(search) || !selection.tags.isEmpty || selection.box != nil
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
