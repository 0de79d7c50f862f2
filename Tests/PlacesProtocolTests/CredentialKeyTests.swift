import PlacesModel
import PlacesProtocol
import Testing

/// No params object can name the caller: `owner`, `uid` and `gid` are refused by every decoder with a reason
/// saying where the caller's identity comes from.
@Suite struct CredentialKeyTests {
    /// Every params decoder, each with params it accepts.
    enum Decoder: String, CaseIterable, Sendable {
        case add, get, list, update, remove, move, near, watch, importPlaces, export, unlock, empty

        /// Params this decoder accepts, as JSON members without the braces.
        var validMembers: String {
            switch self {
            case .add, .near: #""latitude":1,"longitude":2"#
            case .get, .remove: #""id":"\#(CredentialKeyTests.uuid)""#
            case .list, .watch, .empty: ""
            case .update: #""id":"\#(CredentialKeyTests.uuid)","name":"x""#
            case .move: #""id":"\#(CredentialKeyTests.uuid)","index":0"#
            case .importPlaces: #""places":[]"#
            case .export: #""format":"json""#
            case .unlock: #""key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=""#
            }
        }

        /// Decodes `params`, discarding the result.
        func decode(_ params: JSONObject?) throws(RPCError) {
            switch self {
            case .add: _ = try AddParams.decode(params)
            case .get: _ = try GetParams.decode(params)
            case .list: _ = try ListParams.decode(params)
            case .update: _ = try UpdateParams.decode(params)
            case .remove: _ = try RemoveParams.decode(params)
            case .move: _ = try MoveParams.decode(params)
            case .near: _ = try NearParams.decode(params)
            case .watch: _ = try WatchParams.decode(params)
            case .importPlaces: _ = try ImportParams.decode(params)
            case .export: _ = try ExportParams.decode(params)
            case .unlock: _ = try UnlockParams.decode(params)
            case .empty: _ = try EmptyParams.decode(params)
            }
        }
    }

    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let reason = "cannot be given: the caller's uid comes from the socket's peer credentials"
    static let credentialKeys = ["owner", "uid", "gid"]

    @Test(arguments: Decoder.allCases)
    func acceptsTheValidParams(decoder: Decoder) throws {
        #expect(try paramsFailure(decoder.decode, "{\(decoder.validMembers)}") == nil)
    }

    @Test(arguments: Decoder.allCases, credentialKeys)
    func refusesACredentialKey(decoder: Decoder, key: String) throws {
        for value in ["0", "1000", #""root""#, "null"] {
            let members = decoder.validMembers.isEmpty ? "" : decoder.validMembers + ","
            let failure = try paramsFailure(decoder.decode, "{\(members)\"\(key)\":\(value)}")
            #expect(failure == ValidationError(field: key, reason: Self.reason), "\(decoder) with \(key): \(value)")
        }
    }

    @Test func otherUnknownKeysKeepTheirReason() throws {
        #expect(
            try paramsFailure(Decoder.list.decode, #"{"user":0}"#)
                == ValidationError(field: "user", reason: "is not a known parameter"))
    }

    @Test func anImportedPlaceMayCarryAnOwnerThatIsIgnored() throws {
        let decoded = try ImportParams.decode(
            params(#"{"places":[{"latitude":1,"longitude":2,"owner":0},{"latitude":3,"longitude":4,"owner":7}]}"#))
        #expect(decoded.places.map(\.draft.coordinate.latitude) == [1, 3])
        #expect(
            try paramsFailure(ImportParams.decode, #"{"places":[{"latitude":1,"longitude":2,"uid":0}]}"#)
                == ValidationError(field: "places[0].uid", reason: Self.reason))
    }
}
