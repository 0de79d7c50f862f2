import PlacesModel
import PlacesProtocol

extension CommandContext {
    /// A place from a reply; a malformed one is an internal error.
    func decodePlace(_ value: JSONValue) throws(CLIFailure) -> WirePlace {
        do {
            return try WirePlace.decode(value)
        } catch {
            throw .software("malformed place in the reply from placesd: \(RPCErrorMessage.text(for: error))")
        }
    }

    /// Places from a reply's array.
    func decodePlaces(_ values: [JSONValue]) throws(CLIFailure) -> [WirePlace] {
        var places: [WirePlace] = []
        places.reserveCapacity(values.count)
        for value in values {
            places.append(try decodePlace(value))
        }
        return places
    }

    /// The `places` array and `total` of a `places.list` reply.
    func listContents(_ result: JSONValue) throws(CLIFailure) -> (places: [JSONValue], total: Int64) {
        guard let places = result["places"]?.arrayValue else {
            throw .software("malformed reply from placesd: places.list returned no 'places' array")
        }
        let total = result["total"]?.numberValue?.integerValue ?? Int64(places.count)
        return (places, total)
    }

    /// All of the caller's places, in list order.
    func allPlaces() throws(CLIFailure) -> [WirePlace] {
        try decodePlaces(listContents(call(ListParams())).places)
    }

    /// The full id that `text` names, asking the daemon for the caller's places when it is a prefix.
    func resolveID(_ text: String, command: String) throws(CLIFailure) -> PlaceID {
        let argument = try PlaceIDArgument.parse(text, command: command)
        if case .full(let id) = argument {
            return id
        }
        return try PlaceIDResolver.resolve(argument, typed: text, among: allPlaces()).id
    }
}
