import PlacesModel
import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct PlaceIDResolverTests {
    /// Three places, two sharing an id prefix.
    let places = [
        Fixtures.place(id: Fixtures.eiffelID, name: "Eiffel Tower"),
        Fixtures.place(id: Fixtures.louvreID, name: "Louvre"),
        Fixtures.place(id: Fixtures.bridgeID, name: "Golden Gate"),
    ]

    private func resolve(_ typed: String) throws(CLIFailure) -> String {
        let argument = try PlaceIDArgument.parse(typed, command: "get")
        return try PlaceIDResolver.resolve(argument, typed: typed, among: places).name
    }

    @Test(arguments: [
        ("7c9e", "Golden Gate"), ("7C9E6679", "Golden Gate"), ("0f8fad5b", "Eiffel Tower"),
        ("0f8fad5c", "Louvre"), ("0f8fad5b-d9cb", "Eiffel Tower"), ("0f8fad5bd9cb", "Eiffel Tower"),
        (Fixtures.louvreID.uppercased(), "Louvre"),
    ])
    func resolvesUniquePrefixes(typed: String, name: String) throws {
        #expect(try resolve(typed) == name)
    }

    @Test func fullIDsNeedNoList() throws {
        #expect(
            try PlaceIDArgument.parse(Fixtures.eiffelID.uppercased(), command: "get")
                == .full(PlaceID(Fixtures.eiffelID)!))
    }

    @Test func ambiguousPrefixListsTheCandidates() {
        let reason = "prefix '0f8fad' is ambiguous; it matches 2 places"
        #expect(
            throws: CLIFailure.refused(
                .invalidParams(ValidationError(field: "id", reason: reason)),
                message: """
                    id prefix '0f8fad' is ambiguous; it matches 2 places:
                      0f8fad5b  Eiffel Tower
                      0f8fad5c  Louvre
                    """)
        ) {
            try resolve("0f8fad")
        }
    }

    @Test func ambiguityShowsEnoughDigitsToTellApart() {
        #expect(PlaceIDResolver.distinguishingLength(["0f8fad5b-aaaa", "0f8fad5b-abbb"]) == 11)
        #expect(PlaceIDResolver.distinguishingLength(["0f8fad5b", "0f8fad5c"]) == 8)
    }

    @Test func noMatchIsNotFound() {
        let message = "No place matches 'abcd'."
        #expect(throws: CLIFailure.refused(RPCError(code: -32001, message: message), message: message)) {
            try resolve("abcd")
        }
    }

    @Test(arguments: [
        ("abc", "id prefix 'abc' is too short: give at least 4 hex digits"),
        ("a-b-c", "id prefix 'a-b-c' is too short: give at least 4 hex digits"),
        ("tower", "'tower' is not a place id: give the full UUID or at least 4 of its hex digits"),
        ("", "id prefix '' is too short: give at least 4 hex digits"),
        ("０１２３", "'０１２３' is not a place id: give the full UUID or at least 4 of its hex digits"),
    ])
    func badIDsAreUsageErrors(typed: String, message: String) {
        #expect(throws: CLIFailure.usage(message, command: "get")) { try resolve(typed) }
    }
}
