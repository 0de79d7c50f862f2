import PlacesCommandLine
import PlacesModel
import PlacesProtocol

extension CommandContext {
    /// The point that `text` names, for `near PLACE|LAT,LON|CITY` and any command that takes a point that way
    /// (`map --around`). Looked for in this order:
    ///
    /// 1. a latitude and a longitude, "LAT,LON" ("35.0116, 135.7681");
    /// 2. one of the caller's places named `text` (case and accents ignored), or its full id;
    /// 3. a city of the gazetteer ("Kyoto", "Paris, Texas"; the most populous of several, with a note);
    /// 4. one of the caller's places by a unique beginning of its name or an id prefix.
    ///
    /// With `country` (`--country`), `text` names a city and nothing else. Several places of that name (2, 4) are
    /// refused as an id prefix is (exit 65); nothing found is refused as not found (exit 66) with the closest city
    /// names.
    func resolveLocation(_ text: String, country: String?, command: String) throws(CLIFailure) -> ResolvedLocation {
        if country == nil, case .success(let point) = CoordinateArguments.parse([text]) {
            return .coordinate(Coordinate(latitude: point.latitude, longitude: point.longitude))
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw .usage("a place, a city or \"LAT,LON\" cannot be empty", command: command)
        }
        guard country == nil else {
            return .city(try city(named: text, country: country, command: command))
        }
        if PlaceID(text) != nil {
            return .place(try resolvePlace(text, command: command))
        }
        let resolved = try placeReference(text)
        if let resolved, resolved.match == "name" {
            return .place(try place(PlaceIDResolver.resolve(resolved, typed: text)))
        }
        let gazetteer = try gazetteer()
        if !gazetteer.cities(matching: text).isEmpty {
            return .city(try city(named: text, country: nil, command: command))
        }
        guard let resolved else {
            // A daemon without places.resolve: the caller's places as `resolvePlace` reads them.
            return .place(try resolvePlace(text, command: command))
        }
        if !resolved.candidates.isEmpty {
            return .place(try place(PlaceIDResolver.resolve(resolved, typed: text)))
        }
        let message =
            "'\(text)' is neither one of your places nor a city"
            + Suggestion.phrase(for: gazetteer.closestNames(to: text))
        throw .refused(RPCError(code: RPCErrorCode.notFound, message: message), message: message)
    }

    /// The daemon's `places.resolve` answer for `text`; nil from a daemon without that method.
    private func placeReference(_ text: String) throws(CLIFailure) -> ResolveResult? {
        let reply: JSONValue
        do throws(CLIFailure) {
            reply = try call(ResolveParams(reference: text))
        } catch .refused(let error, _) where error.code == RPCErrorCode.methodNotFound {
            return nil
        }
        return try decode(reply, from: Method.resolve.rawValue, ResolveResult.decode)
    }

    /// The place with `id`, as it is now.
    private func place(_ id: PlaceID) throws(CLIFailure) -> WirePlace {
        try decodePlace(call(GetParams(id: id)))
    }
}
