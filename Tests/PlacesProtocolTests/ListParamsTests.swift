import PlacesModel
import PlacesProtocol
import Testing

/// `places.list` params.
@Suite struct ListParamsTests {
    @Test func decodesDefaults() throws {
        let expected = ListParams(visited: nil, query: nil, offset: 0, limit: nil, allUsers: false)
        #expect(try ListParams.decode(nil) == expected)
        #expect(try ListParams.decode(params("{}")) == expected)
    }

    @Test func decodesEveryField() throws {
        let decoded = try ListParams.decode(
            params(#"{"visited":false,"query":"Tower","offset":5,"limit":0,"allUsers":true}"#)
        )
        #expect(decoded == ListParams(visited: false, query: "Tower", offset: 5, limit: 0, allUsers: true))
    }

    static let invalid: [(String, String, String)] = [
        (#"{"visited":"true"}"#, "visited", "must be a boolean"),
        (#"{"query":1}"#, "query", "must be a string"),
        (#"{"query":null}"#, "query", "must be a string"),
        (#"{"offset":-1}"#, "offset", "must be a non-negative integer"),
        (#"{"offset":1.5}"#, "offset", "must be a non-negative integer"),
        (#"{"offset":"1"}"#, "offset", "must be a non-negative integer"),
        (#"{"limit":-1}"#, "limit", "must be a non-negative integer"),
        (#"{"limit":true}"#, "limit", "must be a non-negative integer"),
        (#"{"limit":1e100}"#, "limit", "must be a non-negative integer"),
        (#"{"allUsers":null}"#, "allUsers", "must be a boolean"),
        (#"{"page":1}"#, "page", "is not a known parameter"),
        (#"{"limit":1,"limit":2}"#, "limit", "is given more than once"),
    ]

    @Test(arguments: invalid)
    func refusesInvalidParams(text: String, field: String, reason: String) throws {
        #expect(try paramsFailure(ListParams.decode, text) == ValidationError(field: field, reason: reason))
    }
}
