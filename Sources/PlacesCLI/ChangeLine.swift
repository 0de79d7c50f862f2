import PlacesModel
import PlacesProtocol

/// The line `placesctl watch` prints for one change, such as `+ added    'Louvre' (0f8fad5c)  48.8606, 2.3376`.
enum ChangeLine {
    /// The mark and verb for each kind of change, the verb padded so the labels line up.
    static func lead(_ kind: String) -> String {
        let mark =
            switch PlaceChange.Kind(rawValue: kind) {
            case .added: "+"
            case .updated: "~"
            case .removed: "-"
            case .moved: "↕"
            case nil: "?"
            }
        return "\(mark) \(TextLayout.padded(kind, to: 7))  "
    }

    /// The line for `kind` of `place`, ending in a newline; a move shows `to position N` when the event says
    /// where (`index`), other changes show the place's coordinates.
    static func render(kind: String, place: WirePlace, index: Int64?) -> String {
        var line = lead(kind) + PlaceText.label(place)
        if kind == "moved" {
            if let index {
                line += " to position \(index)"
            }
        } else {
            line += "  \(PlaceText.degrees(place.latitude)), \(PlaceText.degrees(place.longitude))"
        }
        return line + "\n"
    }
}
