import PlacesModel
import PlacesProtocol
import Testing

/// The UTF-8 bytes of `text`.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// Parses `text`, which the test expects to be valid.
func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(text)
}

/// The params object of a JSON object text.
func params(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try JSONParser.parse(text) else {
        throw JSONParseError(offset: 0, reason: "test params are not an object")
    }
    return object
}

/// The error a parse of `input` throws, or nil when it succeeds.
func parseFailure(_ input: [UInt8], maximumDepth: Int = 128) -> JSONParseError? {
    do throws(JSONParseError) {
        _ = try JSONParser.parse(input, maximumDepth: maximumDepth)
        return nil
    } catch {
        return error
    }
}

/// The -32602 error (field and reason) a decoder throws for `text`, or nil when it succeeds.
func paramsFailure<T>(
    _ decode: (JSONObject?) throws(RPCError) -> T,
    _ text: String?
) throws -> ValidationError? {
    let object = try text.map(params)
    do throws(RPCError) {
        _ = try decode(object)
        return nil
    } catch {
        #expect(error.code == -32602)
        guard case .object(let data)? = error.data, case .string(let field)? = data["field"],
            case .string(let reason)? = data["reason"]
        else {
            Issue.record("-32602 without field and reason: \(error)")
            return nil
        }
        #expect(error.message == "Invalid params: \(field) \(reason).")
        return ValidationError(field: field, reason: reason)
    }
}

/// A fixed place for encoding tests.
func samplePlace(owner: UserID = 1000) -> Place {
    Place(
        id: PlaceID("0f8fad5b-d9cb-469f-a165-70867728950e")!,
        owner: owner,
        name: "Eiffel Tower",
        description: "Iron lady",
        coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
        isVisited: false,
        version: 1,
        createdAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123),
        updatedAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123)
    )
}
