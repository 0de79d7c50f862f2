import PlacesProtocol

/// The aligned table `placesctl list` prints.
///
/// Columns: ID (short), NAME, LAT, LON, VISITED, TAGS (comma-separated, at most `maximumTagsWidth` cells; only
/// when some place has tags), DESCRIPTION (first line). Long names, tags and descriptions are cut with "…" so
/// each row fits `width` terminal cells; the description takes what is left after the other columns.
enum PlaceTable {
    /// The column headings, the tags' among them.
    static let headings = ["ID", "NAME", "LAT", "LON", "VISITED", "TAGS", "DESCRIPTION"]
    /// Where the tags column is.
    static let tagsColumn = 5
    /// The widest the tags column gets.
    static let maximumTagsWidth = 20
    /// The spaces between columns.
    static let gap = "  "
    /// The narrowest a long name is cut to before descriptions lose their column.
    static let minimumNameWidth = 12

    /// The table, heading included, one line per place, each ending in a newline.
    static func render(_ places: [WirePlace], width: Int) -> String {
        let hasTags = places.contains { !$0.tags.isEmpty }
        var headings = Self.headings
        var rows = places.map { place in
            [
                PlaceText.shortID(place.id), TextLayout.singleLine(place.name), PlaceText.degrees(place.latitude),
                PlaceText.degrees(place.longitude), PlaceText.yesNo(place.visited),
                TextLayout.singleLine(place.tags.joined(separator: ",")), TextLayout.firstLine(place.description),
            ]
        }
        if !hasTags {
            headings.remove(at: tagsColumn)
            rows = rows.map { row in row.enumerated().filter { $0.offset != tagsColumn }.map(\.element) }
        }
        let name = 1
        let description = headings.count - 1
        var widths = headings.map(TextLayout.cells)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.cells(cell))
            }
        }
        if hasTags { widths[tagsColumn] = min(widths[tagsColumn], maximumTagsWidth) }
        let descriptionHeading = TextLayout.cells(headings[description])
        let fixed =
            widths.indices.filter { $0 != name && $0 != description }.map { widths[$0] }.reduce(0, +)
            + gap.count * (headings.count - 1)
        let room = width - fixed
        widths[name] = min(widths[name], max(room - descriptionHeading, minimumNameWidth))
        widths[description] = max(room - widths[name], descriptionHeading)

        var output = ""
        for row in [headings] + rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let fitted = TextLayout.truncated(cell, to: widths[column])
                line += column == row.count - 1 ? fitted : TextLayout.padded(fitted, to: widths[column]) + gap
            }
            output += TextLayout.trimmingTrailingSpaces(line) + "\n"
        }
        return output
    }
}
