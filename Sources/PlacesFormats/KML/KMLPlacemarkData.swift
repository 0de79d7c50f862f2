import PlacesModel
import PlacesProtocol

/// The fields a placemark's `ExtendedData` gives: its visited state and date, its tags and its id.
struct KMLPlacemarkData {
    /// `visited`: `true`, `1` or `yes` (any case) for a visited place.
    var isVisited = false
    /// `visitedAt`, an RFC 3339 timestamp or a date.
    var visitedAt: Timestamp?
    /// `tags`, separated by `;` (see `KMLTagList`), blank ones left out; nil when the placemark has no `tags` value.
    var tags: [String]?
    /// `id`, a placesd place id; others are ignored.
    var id: PlaceID?

    /// Reads `values` (by lower-case name); errors name `field` and end with `line` (made only for an error).
    init(_ values: [String: String], field: @autoclosure () -> String, line: @autoclosure () -> String)
        throws(RPCError)
    {
        if let text = values["visited"] {
            switch KMLText.trimmed(text).lowercased() {
            case "true", "1", "yes": isVisited = true
            case "false", "0", "no", "": isVisited = false
            default:
                throw KMLImport.invalid(
                    field() + ".visited", "must be true or false, not '\(KMLText.shown(text))'" + line())
            }
        }
        if let text = values["visitedat"], !KMLText.trimmed(text).isEmpty {
            guard let date = Timestamp(rfc3339: KMLText.trimmed(text)) else {
                throw KMLImport.invalid(
                    field() + ".visitedAt", "must be an RFC 3339 timestamp or a date such as \"2026-06-01\"" + line())
            }
            visitedAt = date
        }
        if let text = values["tags"] {
            tags = KMLTagList.split(text)
        }
        id = values["id"].flatMap { PlaceID(KMLText.trimmed($0)) }
    }
}
