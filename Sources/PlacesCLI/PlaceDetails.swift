import PlacesProtocol

/// The block `placesctl get` prints: one labelled field a line, the description last.
enum PlaceDetails {
    /// The width of the label column (`Description: `).
    static let labelWidth = 13

    /// The block, each line ending in a newline.
    static func render(_ place: WirePlace) -> String {
        var fields: [(String, String)] = [
            ("Name", place.name),
            ("ID", place.id.description),
            ("Location", "\(PlaceText.degrees(place.latitude)), \(PlaceText.degrees(place.longitude))"),
            ("Visited", visited(place)),
            ("Version", String(place.version)),
            ("Created", place.createdAt),
            ("Updated", place.updatedAt),
        ]
        if !place.tags.isEmpty {
            fields.insert(("Tags", place.tags.joined(separator: ", ")), at: 4)
        }
        if let owner = place.owner {
            fields.append(("Owner", String(owner)))
        }
        if !place.description.isEmpty {
            fields.append(("Description", place.description))
        }
        return fields.map { label, value in field(label, value) }.joined()
    }

    /// `yes` with the visit date when known (`yes, 2026-06-01T10:00:00.000Z`), or `no`.
    static func visited(_ place: WirePlace) -> String {
        guard place.visited, let visitedAt = place.visitedAt else { return PlaceText.yesNo(place.visited) }
        return "\(PlaceText.yesNo(true)), \(visitedAt)"
    }

    /// `Label:` padded to the value column, then the value; further lines are indented to that column.
    static func field(_ label: String, _ value: String) -> String {
        let indent = String(repeating: " ", count: labelWidth)
        var output = ""
        let lines = value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let prefix = index == 0 ? TextLayout.padded(label + ":", to: labelWidth) : indent
            output += TextLayout.trimmingTrailingSpaces(prefix + line) + "\n"
        }
        return output
    }
}
