import PlacesProtocol

/// Words what an import's document left out, for the import's summary.
enum LeftOutText {
    /// ` (3 skipped: 2 without coordinates, 1 LineString; dropped fields: colour, icon)`, or nothing when nothing
    /// was left out.
    static func parenthesis(_ omissions: ImportOmissions) -> String {
        var clauses: [String] = []
        if omissions.skippedCount > 0 {
            let reasons = omissions.skipped.sorted { $0.key < $1.key }.map { reason, entry in
                "\(entry.count) " + text(of: reason, count: entry.count)
            }
            clauses.append("\(omissions.skippedCount) skipped: " + reasons.joined(separator: ", "))
        }
        if !omissions.droppedFields.isEmpty {
            clauses.append("dropped fields: " + omissions.droppedFields.sorted().joined(separator: ", "))
        }
        return clauses.isEmpty ? "" : " (" + clauses.joined(separator: "; ") + ")"
    }

    /// `without coordinates`, or the geometry's name (`LineString`, `2 Polygons`).
    private static func text(of reason: ImportOmissions.Reason, count: Int) -> String {
        switch reason {
        case .withoutCoordinates: "without coordinates"
        case .geometry(let name): count == 1 ? name : name + "s"
        }
    }
}
