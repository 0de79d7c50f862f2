import PlacesGazetteer

/// The table `placesctl where` prints: NAME, STATE, COUNTRY, LAT, LON, POPULATION (right-aligned).
enum CityTable {
    /// The column headings.
    static let headings = ["NAME", "STATE", "COUNTRY", "LAT", "LON", "POPULATION"]

    /// The table, heading included (in `style`'s heading), one line per city, each ending in a newline.
    static func render(_ cities: [City], style: TextStyle = .plain) -> String {
        let rows = cities.map { city in
            [
                city.name, city.admin1, "\(city.countryCode) \(city.countryName)", PlaceText.degrees(city.latitude),
                PlaceText.degrees(city.longitude), grouped(city.population),
            ]
        }
        var widths = headings.map(TextLayout.cells)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.cells(cell))
            }
        }
        var output = ""
        for (index, row) in ([headings] + rows).enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1
                    ? TextLayout.rightAligned(cell, to: widths[column]) : TextLayout.padded(cell, to: widths[column])
            }
            let line = TextLayout.trimmingTrailingSpaces(cells.joined(separator: PlaceTable.gap))
            output += (index == 0 ? style.heading(line) : line) + "\n"
        }
        return output
    }

    /// `12,400,232`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
