import PlacesModel
import PlacesProtocol

/// Finds the one place a name, a name prefix or an id prefix names among the caller's places.
enum PlaceIDResolver {
    /// The place among `places` that `argument` (typed as `typed`) names.
    ///
    /// No match and several matches are refused as the daemon would refuse an id: no match is -32001 (not
    /// found), several are -32602 for `id` (invalid input), listing the candidates.
    static func resolve(_ argument: PlaceIDArgument, typed: String, among places: [WirePlace]) throws(CLIFailure)
        -> WirePlace
    {
        let candidates = places.filter { argument.matches($0.id) }
        guard let first = candidates.first else {
            let message = "No place matches '\(typed)'."
            throw .refused(RPCError(code: RPCErrorCode.notFound, message: message), message: message)
        }
        guard candidates.count > 1 else { return first }
        let length = distinguishingLength(candidates.map(\.id.description))
        let reason = "prefix '\(typed)' is ambiguous; it matches \(candidates.count) places"
        var message = "id \(reason):"
        for candidate in candidates {
            message += "\n  \(candidate.id.description.prefix(length))  \(TextLayout.singleLine(candidate.name))"
        }
        throw .refused(.invalidParams(ValidationError(field: "id", reason: reason)), message: message)
    }

    /// The one place `resolved` (the daemon's answer for `typed`) names; none or several are refused as an id
    /// prefix's are, the candidates listed.
    static func resolve(_ resolved: ResolveResult, typed: String) throws(CLIFailure) -> PlaceID {
        let candidates = resolved.candidates
        guard let first = candidates.first else {
            let message = "No place is named '\(typed)', and no place id begins with it."
            throw .refused(RPCError(code: RPCErrorCode.notFound, message: message), message: message)
        }
        guard candidates.count > 1 || resolved.hasMore else { return first.id }
        let kind = resolved.match == "idPrefix" ? "id prefix" : resolved.match == "name" ? "name" : "name prefix"
        let count = resolved.hasMore ? "more than \(candidates.count)" : "\(candidates.count)"
        let reason = "\(kind) '\(typed)' is ambiguous; it matches \(count) places"
        let length = distinguishingLength(candidates.map(\.id.description))
        var message = "\(reason):"
        for candidate in candidates {
            message += "\n  \(candidate.id.description.prefix(length))  \(TextLayout.singleLine(candidate.name))"
        }
        throw .refused(.invalidParams(ValidationError(field: "id", reason: reason)), message: message)
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
