import PlacesModel
import PlacesProtocol
import Testing

/// `places.update` params.
@Suite struct UpdateParamsTests {
    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"

    @Test func decodesAPatch() throws {
        let decoded = try UpdateParams.decode(
            params(#"{"id":"\#(Self.uuid)","name":" Louvre ","visited":true,"ifVersion":4}"#)
        )
        #expect(decoded.id == PlaceID(Self.uuid))
        #expect(decoded.patch == (try PlacePatch(name: "Louvre", isVisited: true)))
        #expect(decoded.ifVersion == 4)
        let coordinates = try UpdateParams.decode(params(#"{"id":"\#(Self.uuid)","latitude":1,"longitude":-2.5}"#))
        #expect(coordinates.patch.latitude == 1)
        #expect(coordinates.patch.longitude == -2.5)
        #expect(coordinates.patch.name == nil)
        #expect(coordinates.ifVersion == nil)
        let description = try UpdateParams.decode(params(#"{"id":"\#(Self.uuid)","description":""}"#))
        #expect(description.patch.description == "")
    }

    static let invalid: [(String?, String, String)] = [
        (nil, "id", "is required"),
        (#"{"name":"x"}"#, "id", "is required"),
        (
            #"{"id":"\#(uuid)"}"#, "params",
            "must set at least one of name, description, latitude, longitude, visited, visitedAt, tags, addTags, "
                + "removeTags"
        ),
        (
            #"{"id":"\#(uuid)","ifVersion":2}"#, "params",
            "must set at least one of name, description, latitude, longitude, visited, visitedAt, tags, addTags, "
                + "removeTags"
        ),
        (#"{"id":"x","name":"y"}"#, "id", "must be a UUID"),
        (#"{"id":"\#(uuid)","name":""}"#, "name", "must not be empty"),
        (#"{"id":"\#(uuid)","name":null}"#, "name", "must be a string"),
        (#"{"id":"\#(uuid)","latitude":"1"}"#, "latitude", "must be a number"),
        (#"{"id":"\#(uuid)","latitude":100}"#, "latitude", "must be between -90 and 90"),
        (#"{"id":"\#(uuid)","longitude":false}"#, "longitude", "must be a number"),
        (#"{"id":"\#(uuid)","longitude":-181}"#, "longitude", "must be between -180 and 180"),
        (#"{"id":"\#(uuid)","visited":0}"#, "visited", "must be a boolean"),
        (#"{"id":"\#(uuid)","visited":true,"ifVersion":0}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","visited":true,"version":2}"#, "version", "is not a known parameter"),
        (#"{"id":"\#(uuid)","visited":true,"visited":false}"#, "visited", "is given more than once"),
    ]

    @Test(arguments: invalid)
    func refusesInvalidParams(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(UpdateParams.decode, text) == ValidationError(field: field, reason: reason))
    }
}
