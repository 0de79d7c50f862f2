import PlacesModel
import PlacesProtocol

/// Finds the one place an id prefix names among the caller's places.
enum PlaceIDResolver {
    /// The place among `places` that `argument` (typed as `typed`) names.
    ///
    /// No match and several matches are refusals (exit 1); several list the candidates.
    static func resolve(_ argument: PlaceIDArgument, typed: String, among places: [WirePlace]) throws(CLIFailure)
        -> WirePlace
    {
        let candidates = places.filter { argument.matches($0.id) }
        guard let first = candidates.first else {
            throw .refused("No place matches '\(typed)'.")
        }
        guard candidates.count > 1 else { return first }
        let length = distinguishingLength(candidates.map(\.id.description))
        var message = "id prefix '\(typed)' is ambiguous; it matches \(candidates.count) places:"
        for candidate in candidates {
            message += "\n  \(candidate.id.description.prefix(length))  \(TextLayout.singleLine(candidate.name))"
        }
        throw .refused(message)
    }

    /// The shortest length, at least the usual short-id length, at which `ids` differ from one another.
    static func distinguishingLength(_ ids: [String]) -> Int {
        var length = PlaceText.shortIDLength
        while length < 36 && Set(ids.map { $0.prefix(length) }).count < ids.count {
            length += 1
        }
        return length
    }
}
