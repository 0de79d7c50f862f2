import PlacesModel
import PlacesProtocol
import Testing

/// `places.add` params: defaults, validation and refusals.
@Suite struct AddParamsTests {
    @Test func decodesAllFields() throws {
        let decoded = try AddParams.decode(
            params(
                #"{"name":"  Eiffel Tower\n","description":"Iron\tlady","latitude":48.8584,"longitude":2.2945,"visited":true}"#
            )
        )
        #expect(decoded.draft.name == "Eiffel Tower")
        #expect(decoded.draft.description == "Iron\tlady")
        #expect(decoded.draft.coordinate == Coordinate(latitude: 48.8584, longitude: 2.2945))
        #expect(decoded.draft.isVisited)
    }

    @Test func fillsDefaults() throws {
        let decoded = try AddParams.decode(params(#"{"latitude":-90,"longitude":180}"#))
        #expect(decoded.draft.name == "New location")
        #expect(decoded.draft.description == "")
        #expect(!decoded.draft.isVisited)
        #expect(decoded.draft.coordinate == Coordinate(latitude: -90, longitude: 180))
        let zero = try AddParams.decode(params(#"{"latitude":-0.0,"longitude":0e5}"#))
        #expect(zero.draft.coordinate.latitude.sign == .plus)
    }

    static let invalid: [(String?, String, String)] = [
        (nil, "latitude", "is required"),
        ("{}", "latitude", "is required"),
        (#"{"latitude":1}"#, "longitude", "is required"),
        (#"{"lat":1,"longitude":2}"#, "lat", "is not a known parameter"),
        (#"{"latitude":1,"longitude":2,"id":"x"}"#, "id", "is not a known parameter"),
        (#"{"latitude":1,"latitude":1,"longitude":2}"#, "latitude", "is given more than once"),
        (#"{"latitude":"1","longitude":2}"#, "latitude", "must be a number"),
        (#"{"latitude":true,"longitude":2}"#, "latitude", "must be a number"),
        (#"{"latitude":null,"longitude":2}"#, "latitude", "must be a number"),
        (#"{"latitude":1,"longitude":[2]}"#, "longitude", "must be a number"),
        (#"{"latitude":90.0001,"longitude":2}"#, "latitude", "must be between -90 and 90"),
        (#"{"latitude":-91,"longitude":2}"#, "latitude", "must be between -90 and 90"),
        (#"{"latitude":1e400,"longitude":2}"#, "latitude", "must be between -90 and 90"),
        (#"{"latitude":1,"longitude":180.5}"#, "longitude", "must be between -180 and 180"),
        (#"{"latitude":1,"longitude":-1e999}"#, "longitude", "must be between -180 and 180"),
        (#"{"latitude":1,"longitude":2,"name":5}"#, "name", "must be a string"),
        (#"{"latitude":1,"longitude":2,"name":"   "}"#, "name", "must not be empty"),
        (#"{"latitude":1,"longitude":2,"name":"a\u0007b"}"#, "name", "must not contain control characters"),
        (#"{"latitude":1,"longitude":2,"description":false}"#, "description", "must be a string"),
        (
            #"{"latitude":1,"longitude":2,"description":"a\u0000"}"#, "description",
            "must not contain control characters other than newline, carriage return and tab"
        ),
        (#"{"latitude":1,"longitude":2,"visited":"yes"}"#, "visited", "must be a boolean"),
        (#"{"latitude":1,"longitude":2,"visited":1}"#, "visited", "must be a boolean"),
    ]

    @Test(arguments: invalid)
    func refusesInvalidParams(text: String?, field: String, reason: String) throws {
        let error = try paramsFailure(AddParams.decode, text)
        #expect(error == ValidationError(field: field, reason: reason), "\(text ?? "nil")")
    }

    @Test func limitsNameAndDescriptionLength() throws {
        let longName = String(repeating: "é", count: 201)
        let error = try paramsFailure(AddParams.decode, #"{"latitude":1,"longitude":2,"name":"\#(longName)"}"#)
        #expect(error == ValidationError(field: "name", reason: "must be at most 200 characters"))
        let fine = try AddParams.decode(params(#"{"latitude":1,"longitude":2,"name":"\#(longName.dropLast())"}"#))
        #expect(fine.draft.name.count == 200)
        let longDescription = String(repeating: "x", count: 10_001)
        let descriptionError = try paramsFailure(
            AddParams.decode,
            #"{"latitude":1,"longitude":2,"description":"\#(longDescription)"}"#
        )
        #expect(descriptionError?.field == "description")
    }

    @Test func stopsAtTheFirstBadKeyOfAHugeObject() throws {
        let members = (0..<100_000).map { "\"k\($0)\":1" }.joined(separator: ",")
        let error = try paramsFailure(AddParams.decode, "{\(members)}")
        #expect(error == ValidationError(field: "k0", reason: "is not a known parameter"))
    }
}
