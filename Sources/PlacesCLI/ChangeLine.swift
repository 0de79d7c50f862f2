import PlacesModel
import PlacesProtocol

/// The line `placesctl watch` prints for one change, such as `+ added    'Louvre' (0f8fad5c)  48.8606, 2.3376`.
enum ChangeLine {
    /// The mark and verb for each kind of change, the verb padded so the labels line up; coloured by `style`.
    static func lead(_ kind: String, style: TextStyle = .plain) -> String {
        let mark: String
        switch PlaceChange.Kind(rawValue: kind) {
        case .added: mark = style.positive("+")
        case .updated: mark = style.changed("~")
        case .removed: mark = style.negative("-")
        case .moved: mark = "↕"
        case nil: mark = "?"
        }
        return "\(mark) \(TextLayout.padded(kind, to: 7))  "
    }

    /// The line for `kind` of `place`, ending in a newline. A move shows `to position N` when the event says where
    /// (`index`); an update of a place seen before (`previous`) shows what it changed (`visited: no → yes`);
    /// other changes show the place's coordinates.
    static func render(
        kind: String, place: WirePlace, index: Int64?, previous: WirePlace? = nil, style: TextStyle = .plain
    ) -> String {
        var line = lead(kind, style: style) + PlaceText.label(place)
        if kind == PlaceChange.Kind.moved.rawValue {
            if let index {
                line += " to position \(index)"
            }
        } else if kind == PlaceChange.Kind.updated.rawValue, let previous,
            case let changes = PlaceDifference.changes(from: previous, to: place), !changes.isEmpty
        {
            line += "  " + changes.joined(separator: ", ")
        } else {
            line += "  " + PlaceDifference.coordinates(place)
        }
        return line + "\n"
    }
}
