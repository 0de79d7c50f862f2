import PlacesCommandLine
import PlacesModel
import PlacesProtocol

/// `placesctl history [ID] [--limit N]`.
enum HistoryCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "history",
        abstract: "List your recent changes, newest first.",
        discussion: """
            Reads placesd's change log, which keeps a bounded number of recent changes. TIME is when the place \
            was last updated as of the change (a removal or a move shows '-': the log keeps no time of its own); \
            an update lists the fields it changed when the log still holds the place as it was before. With \
            --json, prints placesd's result: {"changes": [{"change", "revision", "place", "fields"?, \
            "undid"?}, ...], "revision"}.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "ID", abstract: "Only this place's changes (its full id).", isRequired: false,
                completion: .placeID)
        ],
        options: [limit],
        isPaged: true,
        handler: run
    )

    /// `--limit N`.
    static let limit = Option<Int64>.integer(
        ["--limit"], valueName: "N", abstract: "Show at most N changes (1 to 1000; default 20).")

    /// Sends `places.history` and prints the table.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let limit = try input[Self.limit] ?? Int64(HistoryParams.defaultLimit)
        guard (1...Int64(HistoryParams.maximumLimit)).contains(limit) else {
            throw input.usageError("--limit must be from 1 to \(HistoryParams.maximumLimit), got \(limit)")
        }
        var id: PlaceID?
        if let typed = input.argument(0) {
            guard case .full(let full) = try PlaceIDArgument.parse(typed, command: spec.name) else {
                throw input.usageError("give the place's full id, got '\(typed)'")
            }
            id = full
        }
        let result = try context.call(HistoryParams(id: id, limit: Int(limit)))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let items = try context.decode(result, from: Method.history.rawValue) { value throws(ReplyError) in
            try HistoryItem.decode(list: value, key: HistoryItem.changesKey)
        }
        try context.write(render(items, width: context.width))
    }

    /// The table: TIME, CHANGE, NAME; or a line saying there is nothing.
    static func render(_ items: [HistoryItem], width: Int) -> String {
        guard !items.isEmpty else { return "No changes in the change log.\n" }
        let rows = items.map { item in
            (time(of: item), change(of: item), TextLayout.singleLine(item.event.place.name))
        }
        let timeWidth = max(4, rows.map { TextLayout.cells($0.0) }.max() ?? 0)
        let changeWidth = max(6, rows.map { TextLayout.cells($0.1) }.max() ?? 0)
        let nameWidth = max(4, width - timeWidth - changeWidth - 4)
        var text = ""
        for (time, change, name) in [("TIME", "CHANGE", "NAME")] + rows {
            let line =
                TextLayout.padded(time, to: timeWidth) + "  " + TextLayout.padded(change, to: changeWidth) + "  "
                + TextLayout.truncated(name, to: nameWidth)
            text += TextLayout.trimmingTrailingSpaces(line) + "\n"
        }
        return text
    }

    /// When the place was last updated as of the change, to the minute (`2026-12-04 21:58`), or `-`.
    private static func time(of item: HistoryItem) -> String {
        guard item.event.change == "added" || item.event.change == "updated" else { return "-" }
        return String(item.event.place.updatedAt.prefix(16).map { $0 == "T" ? " " : $0 })
    }

    /// `updated (name, visited)`, `added`, `undo of 12`.
    private static func change(of item: HistoryItem) -> String {
        var text = item.event.change
        if let fields = item.fields, !fields.isEmpty { text += " (" + fields.joined(separator: ", ") + ")" }
        if let undid = item.undid { text += ", undo of \(undid)" }
        return text
    }
}
