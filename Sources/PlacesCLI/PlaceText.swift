import PlacesModel
import PlacesProtocol

/// How single place fields read in human output.
enum PlaceText {
    /// The characters of an id shown in tables and messages.
    static let shortIDLength = 8

    /// The first eight characters of the id (`0f8fad5b`).
    static func shortID(_ id: PlaceID) -> String {
        String(id.description.prefix(shortIDLength))
    }

    /// `yes` or `no`.
    static func yesNo(_ value: Bool) -> String {
        value ? "yes" : "no"
    }

    /// A latitude or longitude as people read it (`48.8584`, `2`, `0.00001`).
    static func degrees(_ value: Double) -> String {
        NumberSyntax.display(value)
    }

    /// `'Eiffel Tower' (0f8fad5b)`, for confirmations.
    static func label(_ place: WirePlace) -> String {
        "'\(TextLayout.singleLine(place.name))' (\(shortID(place.id)))"
    }
}
