import PlacesProtocol

/// What an update changed, as `watch` says it: `visited: no → yes`, `name: 'A' → 'B'`, from the place as the
/// watch last saw it and the place after the change (placesd's events carry only the latter).
enum PlaceDifference {
    /// The longest a description is shown in a difference before it is cut with "…".
    static let descriptionCells = 40

    /// Each field that differs between `before` and `after`, in the place's field order, as `field: old → new`.
    static func changes(from before: WirePlace, to after: WirePlace) -> [String] {
        var changes: [String] = []
        if before.name != after.name {
            changes.append("name: \(quoted(before.name)) → \(quoted(after.name))")
        }
        if before.description != after.description {
            changes.append("description: \(quoted(before.description)) → \(quoted(after.description))")
        }
        if before.latitude != after.latitude || before.longitude != after.longitude {
            changes.append("coordinates: \(coordinates(before)) → \(coordinates(after))")
        }
        if before.visited != after.visited {
            changes.append("visited: \(PlaceText.yesNo(before.visited)) → \(PlaceText.yesNo(after.visited))")
        }
        return changes
    }

    /// `48.8584, 2.2945`.
    static func coordinates(_ place: WirePlace) -> String {
        "\(PlaceText.degrees(place.latitude)), \(PlaceText.degrees(place.longitude))"
    }

    private static func quoted(_ text: String) -> String {
        "'\(TextLayout.truncated(TextLayout.singleLine(text), to: descriptionCells))'"
    }
}
