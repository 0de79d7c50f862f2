import PlacesModel
import PlacesProtocol

extension ParamsCheck {
    /// An accepted `places.get`: the same params when written back.
    func checkGet(_ get: GetParams) throws(FuzzViolation) {
        let members: [(String, JSONValue?)] = [
            (PlaceField.id.text, ParamsObject.id(get.id)), ("allUsers", .bool(get.allUsers)),
        ]
        try require(try decodeAgain(GetParams.decode, members) == get, "params.get", "get params written back differ")
    }

    /// `places.list`: a non-negative offset and limit with the values sent, the same params when written back.
    func checkList(_ result: Result<ListParams, RPCError>, _ params: JSONObject?) throws(FuzzViolation) {
        guard case .success(let list) = result else { return }
        try require(list.offset >= 0 && (list.limit ?? 0) >= 0, "params.list", "a negative offset or limit")
        try Self.checkInteger(params, "offset", Int64(list.offset))
        try Self.checkInteger(params, "limit", list.limit.map(Int64.init))
        try require(
            list.selection.sort != .distance || list.point != nil || list.from != nil, "params.list",
            "distance from nowhere")
        let members: [(String, JSONValue?)] = list.encoded.members.map { ($0.key, $0.value) }
        try require(
            try decodeAgain(ListParams.decode, members) == list, "params.list", "list params written back differ")
    }

    /// An accepted `places.remove`: a positive `ifVersion`, the same params when written back.
    func checkRemove(_ remove: RemoveParams) throws(FuzzViolation) {
        try require(remove.ifVersion.map { $0 > 0 } ?? true, "params.remove", "ifVersion \(remove.ifVersion ?? 0)")
        let members = [
            (PlaceField.id.text, ParamsObject.id(remove.id)), ("ifVersion", ParamsObject.integer(remove.ifVersion)),
        ]
        try require(
            try decodeAgain(RemoveParams.decode, members) == remove, "params.remove",
            "remove params written back differ")
    }

    /// An accepted `places.move`: a non-negative index, a positive `ifVersion`, the same params when written back.
    func checkMove(_ move: MoveParams) throws(FuzzViolation) {
        try require(move.index >= 0, "params.move", "index \(move.index)")
        try require(move.ifVersion.map { $0 > 0 } ?? true, "params.move", "ifVersion \(move.ifVersion ?? 0)")
        let members = [
            (PlaceField.id.text, ParamsObject.id(move.id)), ("index", ParamsObject.integer(Int64(move.index))),
            ("ifVersion", ParamsObject.integer(move.ifVersion)),
        ]
        try require(
            try decodeAgain(MoveParams.decode, members) == move, "params.move", "move params written back differ")
    }

    /// `places.near`: a valid point as sent, a finite non-negative radius, the same params when written back.
    func checkNear(_ result: Result<NearParams, RPCError>, _ params: JSONObject?) throws(FuzzViolation) {
        guard case .success(let near) = result else { return }
        try require(
            (near.coordinate == nil) != (near.from == nil), "params.near", "both or neither of a point and from")
        if let coordinate = near.coordinate {
            try PlaceFieldsCheck.checkLatitude(coordinate.latitude)
            try PlaceFieldsCheck.checkLongitude(coordinate.longitude)
            try require(
                coordinate.latitude == Self.sentNumber(params, PlaceField.latitude.text)
                    && coordinate.longitude == Self.sentNumber(params, PlaceField.longitude.text),
                "params.near", "the point is not the one sent")
        }
        try require(near.radius.map { $0.isFinite && $0 >= 0 } ?? true, "params.near", "radius \(near.radius ?? 0)")
        try require(near.limit >= 0, "params.near", "limit \(near.limit)")
        let members: [(String, JSONValue?)] = near.encoded.members.map { ($0.key, $0.value) }
        try require(
            try decodeAgain(NearParams.decode, members) == near, "params.near", "near params written back differ")
    }

    /// An accepted `server.unlock`: a 32-byte key that the params' base64 gives back, and never logged.
    func checkUnlock(_ unlock: UnlockParams) throws(FuzzViolation) {
        try require(unlock.key.count == UnlockParams.keyLength, "params.unlock", "a \(unlock.key.count)-byte key")
        let again = try decodeAgain(UnlockParams.decode, [("key", .string(Base64.encode(unlock.key)))])
        try require(again == unlock, "params.unlock", "the key's base64 decodes to another key")
        let expected = "UnlockParams(key: \(UnlockParams.keyLength) bytes)"
        try require(
            String(describing: unlock) == expected && String(reflecting: unlock) == expected, "params.unlockLog",
            "the key's description shows more than its length")
    }

    /// An integer member decoded as `value` is the number that was sent.
    private static func checkInteger(_ params: JSONObject?, _ key: String, _ value: Int64?) throws(FuzzViolation) {
        guard case .number(let number)? = params?[key] else { return }
        try require(
            value.map(Double.init) == number.double, "params.integer",
            "\(key) \(number) was decoded as \(value.map(String.init) ?? "nothing")")
    }
}
