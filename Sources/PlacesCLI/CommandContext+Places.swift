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

    /// The full id that `text` names: a full id as it is; otherwise the daemon's answer to `places.resolve` (an
    /// exact name, else a unique name prefix, else an id prefix), or, from a daemon without that method, the id
    /// prefix matched against the caller's places.
    func resolveID(_ text: String, command: String) throws(CLIFailure) -> PlaceID {
        try resolve(text, command: command).id
    }

    /// The place that `text` names (a name or an id, as `resolveID` reads it), as it is now: the one found in the
    /// list by a daemon without `places.resolve`, else `places.get`.
    func resolvePlace(_ text: String, command: String) throws(CLIFailure) -> WirePlace {
        let resolved = try resolve(text, command: command)
        if let place = resolved.place { return place }
        return try decodePlace(call(GetParams(id: resolved.id)))
    }

    /// The one path from what a user typed to a place: the id, and the place itself when it was read on the way.
    private func resolve(_ text: String, command: String) throws(CLIFailure) -> (id: PlaceID, place: WirePlace?) {
        if let id = PlaceID(text) { return (id, nil) }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw .usage("a place's name or id cannot be empty", command: command)
        }
        let reply: JSONValue
        do throws(CLIFailure) {
            reply = try call(ResolveParams(reference: text))
        } catch .refused(let error, _) where error.code == RPCErrorCode.methodNotFound {
            let argument = try PlaceIDArgument.parse(text, command: command)
            let place = try PlaceIDResolver.resolve(argument, typed: text, among: allPlaces())
            return (place.id, place)
        }
        let resolved = try decode(reply, from: Method.resolve.rawValue, ResolveResult.decode)
        return (try PlaceIDResolver.resolve(resolved, typed: text), nil)
    }
}
