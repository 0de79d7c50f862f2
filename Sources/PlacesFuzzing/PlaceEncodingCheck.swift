import PlacesModel
import PlacesProtocol

/// Checks that a place the daemon writes reads back, on the client, as the same place.
enum PlaceEncodingCheck {
    /// Writes `place` as the daemon does and reads it back with `WirePlace.decode`.
    static func check(_ place: Place, includeOwner: Bool) throws(FuzzViolation) {
        var out = JSONWriter()
        PlaceEncoding.write(place, includeOwner: includeOwner, to: &out)
        let value = try parse(out.bytes, what: "a place")
        try checkDecoded(value, place: place, includeOwner: includeOwner)
    }

    /// `value` is `place` as the daemon writes it.
    static func checkDecoded(_ value: JSONValue, place: Place, includeOwner: Bool) throws(FuzzViolation) {
        let decoded: WirePlace
        do throws(RPCError) {
            decoded = try WirePlace.decode(value)
        } catch {
            throw FuzzViolation(check: "place.decode", detail: "a written place is refused: \(error)")
        }
        let expected = WirePlace(place, includeOwner: includeOwner)
        try require(
            decoded == expected, "place.roundTrip",
            "a written place reads back as \(decoded), expected \(expected)")
        try require(
            decoded.name.unicodeScalars.elementsEqual(place.name.unicodeScalars)
                && decoded.description.unicodeScalars.elementsEqual(place.description.unicodeScalars),
            "place.exactText", "a written place's text reads back with other characters")
    }

    /// Parses text the daemon wrote, which must be JSON.
    static func parse(_ bytes: [UInt8], what: String) throws(FuzzViolation) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONParser.parse(bytes)
        } catch {
            throw FuzzViolation(check: "writer.output", detail: "\(what) was written as invalid JSON: \(error)")
        }
    }
}
