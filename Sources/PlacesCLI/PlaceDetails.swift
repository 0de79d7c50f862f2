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
            ("Visited", PlaceText.yesNo(place.visited)),
            ("Version", String(place.version)),
            ("Created", place.createdAt),
            ("Updated", place.updatedAt),
        ]
        if let owner = place.owner {
            fields.append(("Owner", String(owner)))
        }
        if !place.description.isEmpty {
            fields.append(("Description", place.description))
        }
        return fields.map { label, value in field(label, value) }.joined()
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
