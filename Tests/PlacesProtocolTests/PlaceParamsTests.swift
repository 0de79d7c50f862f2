import PlacesModel
import PlacesProtocol
import Testing

/// `places.get`, `places.remove`, `places.move`, `places.watch` and `server.status` params.
@Suite struct PlaceParamsTests {
    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let id = PlaceID(uuid)!

    @Test func decodesGet() throws {
        #expect(try GetParams.decode(params(#"{"id":"\#(Self.uuid)"}"#)) == GetParams(id: Self.id))
        let upper = try GetParams.decode(params(#"{"id":"\#(Self.uuid.uppercased())","allUsers":true}"#))
        #expect(upper == GetParams(id: Self.id, allUsers: true))
    }

    static let invalidGet: [(String?, String, String)] = [
        (nil, "id", "is required"),
        (#"{"allUsers":true}"#, "id", "is required"),
        (#"{"id":"nope"}"#, "id", "must be a UUID"),
        (#"{"id":"0f8fad5b-d9cb-469f-a165-70867728950"}"#, "id", "must be a UUID"),
        (#"{"id":"0f8fad5bd9cb469fa16570867728950e"}"#, "id", "must be a UUID"),
        (#"{"id":5}"#, "id", "must be a UUID"),
        (#"{"id":"\#(uuid)","allUsers":"yes"}"#, "allUsers", "must be a boolean"),
        (#"{"id":"\#(uuid)","name":"x"}"#, "name", "is not a known parameter"),
        (#"{"id":"\#(uuid)","id":"\#(uuid)"}"#, "id", "is given more than once"),
    ]

    @Test(arguments: invalidGet)
    func refusesInvalidGet(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(GetParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func decodesRemove() throws {
        #expect(try RemoveParams.decode(params(#"{"id":"\#(Self.uuid)"}"#)) == RemoveParams(id: Self.id))
        #expect(
            try RemoveParams.decode(params(#"{"id":"\#(Self.uuid)","ifVersion":3}"#))
                == RemoveParams(id: Self.id, ifVersion: 3)
        )
        #expect(
            try RemoveParams.decode(params(#"{"ifVersion":3.0,"id":"\#(Self.uuid)"}"#))
                == RemoveParams(id: Self.id, ifVersion: 3)
        )
    }

    static let invalidRemove: [(String?, String, String)] = [
        (nil, "id", "is required"),
        (#"{"id":"\#(uuid)","ifVersion":0}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","ifVersion":-1}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","ifVersion":1.5}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","ifVersion":"1"}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","ifVersion":null}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","ifVersion":1e30}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","allUsers":true}"#, "allUsers", "is not a known parameter"),
    ]

    @Test(arguments: invalidRemove)
    func refusesInvalidRemove(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(RemoveParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func decodesMove() throws {
        #expect(
            try MoveParams.decode(params(#"{"id":"\#(Self.uuid)","index":0}"#)) == MoveParams(id: Self.id, index: 0))
        #expect(
            try MoveParams.decode(params(#"{"id":"\#(Self.uuid)","index":99,"ifVersion":2}"#))
                == MoveParams(id: Self.id, index: 99, ifVersion: 2)
        )
    }

    static let invalidMove: [(String?, String, String)] = [
        (#"{"id":"\#(uuid)"}"#, "index", "is required"),
        (#"{"index":1}"#, "id", "is required"),
        (#"{"id":"\#(uuid)","index":-1}"#, "index", "must be a non-negative integer"),
        (#"{"id":"\#(uuid)","index":0.5}"#, "index", "must be a non-negative integer"),
        (#"{"id":"\#(uuid)","index":"0"}"#, "index", "must be a non-negative integer"),
        (#"{"id":"\#(uuid)","index":1,"ifVersion":0}"#, "ifVersion", "must be a positive integer"),
        (#"{"id":"\#(uuid)","index":1,"position":1}"#, "position", "is not a known parameter"),
    ]

    @Test(arguments: invalidMove)
    func refusesInvalidMove(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(MoveParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func decodesWatchAndEmpty() throws {
        #expect(try WatchParams.decode(nil) == WatchParams())
        #expect(try WatchParams.decode(params(#"{"allUsers":true}"#)) == WatchParams(allUsers: true))
        #expect(try paramsFailure(WatchParams.decode, #"{"allUsers":1}"#)?.reason == "must be a boolean")
        #expect(try WatchParams.decode(params(#"{"since":12}"#)) == WatchParams(since: 12))
        #expect(
            try WatchParams.decode(params(#"{"since":0,"allUsers":true}"#)) == WatchParams(allUsers: true, since: 0))
        #expect(try paramsFailure(WatchParams.decode, #"{"since":-1}"#)?.field == "since")
        #expect(try paramsFailure(WatchParams.decode, #"{"since":"7"}"#)?.field == "since")
        #expect(try EmptyParams.decode(nil) == EmptyParams())
        #expect(try EmptyParams.decode(params("{}")) == EmptyParams())
        #expect(
            try paramsFailure(EmptyParams.decode, #"{"verbose":true}"#)
                == ValidationError(field: "verbose", reason: "is not a known parameter")
        )
    }
}
