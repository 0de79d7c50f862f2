import PlacesProtocol

/// The aligned table `placesctl list` prints.
///
/// Columns: ID (short), NAME, LAT, LON, VISITED, DESCRIPTION (first line). Long names and descriptions are
/// cut with "…" so each row fits `width` terminal cells; the description takes what is left after the other
/// columns.
enum PlaceTable {
    /// The column headings.
    static let headings = ["ID", "NAME", "LAT", "LON", "VISITED", "DESCRIPTION"]
    /// The spaces between columns.
    static let gap = "  "
    /// The narrowest a long name is cut to before descriptions lose their column.
    static let minimumNameWidth = 12

    /// The table, heading included, one line per place, each ending in a newline.
    static func render(_ places: [WirePlace], width: Int) -> String {
        let rows = places.map { place in
            [
                PlaceText.shortID(place.id), TextLayout.singleLine(place.name), PlaceText.degrees(place.latitude),
                PlaceText.degrees(place.longitude), PlaceText.yesNo(place.visited),
                TextLayout.firstLine(place.description),
            ]
        }
        var widths = headings.map(TextLayout.cells)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.cells(cell))
            }
        }
        let descriptionHeading = TextLayout.cells(headings[5])
        let fixed = widths[0] + widths[2] + widths[3] + widths[4] + gap.count * (headings.count - 1)
        let room = width - fixed
        widths[1] = min(widths[1], max(room - descriptionHeading, minimumNameWidth))
        widths[5] = max(room - widths[1], descriptionHeading)

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
