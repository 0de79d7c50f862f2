import PlacesProtocol

/// The table `placesctl near` prints: ID, NAME, DISTANCE (right-aligned), LAT, LON, VISITED, nearest first.
enum NearTable {
    /// One row: a place and its distance in metres.
    typealias Entry = (place: WirePlace, distance: Double)

    /// The column headings.
    static let headings = ["ID", "NAME", "DISTANCE", "LAT", "LON", "VISITED"]

    /// The TSV header line of `near --format tsv`.
    static let tsvHeader = "id\tname\tdistance\tlatitude\tlongitude"

    /// `near --format tsv`: the header line, then one place a line: the whole id, the name escaped as
    /// `PlaceTSV` escapes text, the distance in metres, the coordinates.
    static func tsv(_ entries: [Entry]) -> String {
        var output = tsvHeader + "\n"
        for entry in entries {
            let fields = [
                entry.place.id.description, PlaceTSV.escaped(entry.place.name), NumberSyntax.display(entry.distance),
                PlaceText.degrees(entry.place.latitude), PlaceText.degrees(entry.place.longitude),
            ]
            output += fields.joined(separator: "\t") + "\n"
        }
        return output
    }

    /// The table, heading included (in `style`'s heading), one line per place, each ending in a newline; names
    /// are cut to fit `width` terminal cells.
    static func render(_ entries: [Entry], width: Int, style: TextStyle = .plain) -> String {
        let rows = entries.map { entry in
            [
                PlaceText.shortID(entry.place.id), TextLayout.singleLine(entry.place.name),
                DistanceText.text(metres: entry.distance), PlaceText.degrees(entry.place.latitude),
                PlaceText.degrees(entry.place.longitude), PlaceText.yesNo(entry.place.visited),
            ]
        }
        var widths = headings.map(TextLayout.cells)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.cells(cell))
            }
        }
        let gap = PlaceTable.gap
        let others = widths[0] + widths[2] + widths[3] + widths[4] + widths[5] + gap.count * (headings.count - 1)
        widths[1] = min(widths[1], max(width - others, PlaceTable.minimumNameWidth))
        var output = ""
        for (rowIndex, row) in ([headings] + rows).enumerated() {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let fitted = TextLayout.truncated(cell, to: widths[column])
                if column == 2 {
                    cells.append(TextLayout.rightAligned(fitted, to: widths[column]))
                } else {
                    cells.append(column == row.count - 1 ? fitted : TextLayout.padded(fitted, to: widths[column]))
                }
            }
            let line = TextLayout.trimmingTrailingSpaces(cells.joined(separator: gap))
            output += (rowIndex == 0 ? style.heading(line) : line) + "\n"
        }
        return output
    }
}
