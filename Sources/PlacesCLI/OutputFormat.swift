import PlacesCommandLine

/// What `list` prints (`--format`): an aligned table for people, tab-separated values for scripts, or placesd's
/// JSON as `--json` prints it.
enum OutputFormat: String, CaseIterable, Sendable {
    case table, tsv, json

    /// `--format table|tsv|json`.
    static let option = Option<OutputFormat>(
        ["--format"], valueName: "FORMAT",
        abstract:
            "table (the default: cut to fit a terminal, whole when piped), tsv (a header line, then tab-separated "
            + "fields with tabs, newlines and backslashes escaped as \\t, \\n, \\\\) or json (as --json).",
        completion: .words(allCases.map(\.rawValue)), convert: OutputFormat.init(rawValue:),
        refusal: { spelling, text in "\(spelling) expects table, tsv or json, got '\(text)'" })

    /// `--fields LIST`.
    static let fields = Option<[PlaceColumn]>(
        ["--fields"], valueName: "LIST",
        abstract:
            "The columns of the table or TSV, comma-separated, from: "
            + PlaceColumn.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        completion: .words(PlaceColumn.allCases.map(\.rawValue)), convert: PlaceColumn.parse,
        refusal: PlaceColumn.refusal)

    /// The format `input` asks for (`--json` meaning json), and the columns; `--fields` with json is a usage
    /// error, since JSON has every field.
    static func chosen(
        _ input: CommandInput, context: CommandContext
    ) throws(CLIFailure) -> (format: OutputFormat, columns: [PlaceColumn]) {
        let format = context.isJSON ? .json : try input[option] ?? .table
        let columns = try input[fields]
        if format == .json, columns != nil {
            throw input.usageError("--fields applies to the table and tsv formats, not to JSON")
        }
        if let columns, columns.isEmpty {
            throw input.usageError("--fields needs at least one field")
        }
        return (format, columns ?? PlaceColumn.defaults)
    }
}
