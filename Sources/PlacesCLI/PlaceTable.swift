import PlacesProtocol

/// The aligned table `placesctl list` prints.
///
/// Columns: by default ID (short), NAME, LAT, LON, VISITED, TAGS (comma-separated; only when some place has
/// tags), DESCRIPTION (first line); `--fields` chooses others. On a terminal, tags are cut to at most
/// `maximumTagsWidth` cells, and long descriptions and then names are cut with "…" so each row fits `width` cells. With an
/// unlimited width (standard output is a file or a pipe) nothing is cut: a description shows whole, its line
/// breaks as spaces, so `placesctl list > places.txt` or `| grep` sees all of it.
enum PlaceTable {
    /// The widest the tags column gets on a terminal.
    static let maximumTagsWidth = 20
    /// The spaces between columns.
    static let gap = "  "
    /// The narrowest a long name is cut to before descriptions lose their column.
    static let minimumNameWidth = 12

    /// The table, heading included, one line per place, each ending in a newline.
    static func render(
        _ places: [WirePlace], columns: [PlaceColumn] = PlaceColumn.defaults, width: Int,
        style: TextStyle = .plain
    ) -> String {
        let isWhole = width == .max
        let hasTags = places.contains { !$0.tags.isEmpty }
        let columns = columns == PlaceColumn.defaults && !hasTags ? columns.filter { $0 != .tags } : columns
        let rows = places.map { place in columns.map { $0.cell(place, isWhole: isWhole) } }
        var widths = columns.map { TextLayout.cells($0.heading) }
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.cells(cell))
            }
        }
        if !isWhole, let tags = columns.firstIndex(of: .tags) {
            widths[tags] = min(widths[tags], max(maximumTagsWidth, TextLayout.cells(PlaceColumn.tags.heading)))
        }
        var excess = widths.reduce(gap.count * (columns.count - 1), +) - width
        let cuttable = columns.indices.filter { columns[$0].cutOrder != nil }
            .sorted { (columns[$0].cutOrder ?? 0) < (columns[$1].cutOrder ?? 0) }
        for index in cuttable where excess > 0 {
            let heading = TextLayout.cells(columns[index].heading)
            let floor = columns[index] == .name ? max(min(widths[index], minimumNameWidth), heading) : heading
            let cut = min(excess, max(widths[index] - floor, 0))
            widths[index] -= cut
            excess -= cut
        }

        var output = ""
        for (rowIndex, row) in ([columns.map(\.heading)] + rows).enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() {
                let fitted = TextLayout.truncated(cell, to: widths[column])
                let isLast = column == row.count - 1
                let padding = isLast ? "" : String(repeating: " ", count: widths[column] - TextLayout.cells(fitted))
                var styled = fitted
                if rowIndex == 0 {
                    styled = style.heading(fitted)
                } else if columns[column] == .visited, cell == PlaceText.yesNo(true) {
                    styled = style.positive(fitted)
                }
                line += styled + (isLast ? "" : padding + gap)
            }
            output += TextLayout.trimmingTrailingSpaces(line) + "\n"
        }
        return output
    }
}
