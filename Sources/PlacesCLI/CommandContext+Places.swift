import PlacesModel
import PlacesProtocol

extension CommandContext {
    /// Reads a place from a reply; a malformed one is a software failure naming the field.
    func decodePlace(_ value: JSONValue) throws(CLIFailure) -> WirePlace {
        try decode(value, from: "a place", WirePlace.decodeInReply)
    }

    /// Reads a result of `what` (e.g. `places.list`) with its type's `decode`; a reply of another shape is a
    /// software failure saying what is missing.
    func decode<Result>(
        _ value: JSONValue, from what: String, _ decode: (JSONValue) throws(ReplyError) -> Result
    ) throws(CLIFailure) -> Result {
        do throws(ReplyError) {
            return try decode(value)
        } catch {
            switch error {
            case .place(let refusal):
                throw .software("malformed place in the reply from placesd: \(RPCErrorMessage.text(for: refusal))")
            case .incomplete:
                throw .software("malformed reply from placesd: a \(what) entry \(error.reason)")
            case .notObject, .missing:
                throw .software("malformed reply from placesd: \(what) returned \(error.reason)")
            }
        }
    }

    /// All of the caller's places, in list order.
    func allPlaces() throws(CLIFailure) -> [WirePlace] {
        try decode(call(ListParams()), from: Method.list.rawValue, ListPage.decode).places
    }

    /// The full id that `text` names, asking the daemon for the caller's places when it is a prefix.
    func resolveID(_ text: String, command: String) throws(CLIFailure) -> PlaceID {
        let argument = try PlaceIDArgument.parse(text, command: command)
        if case .full(let id) = argument {
            return id
        }
        return try PlaceIDResolver.resolve(argument, typed: text, among: allPlaces()).id
    }

    /// The place that `text` names, as it is now: `places.get` for a full id, else the one place among the caller's
    /// that the prefix names.
    func resolvePlace(_ text: String, command: String) throws(CLIFailure) -> WirePlace {
        let argument = try PlaceIDArgument.parse(text, command: command)
        if case .full(let id) = argument {
            return try decodePlace(call(GetParams(id: id)))
        }
        return try PlaceIDResolver.resolve(argument, typed: text, among: allPlaces())
    }
}
