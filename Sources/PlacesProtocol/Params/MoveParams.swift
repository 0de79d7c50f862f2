import PlacesModel

/// The params of `places.move`: `id`, `index`, `ifVersion?`.
public struct MoveParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.id.text, "index", "ifVersion"]

    /// The place to move.
    public let id: PlaceID
    /// The 0-based target position in the caller's list (the store clamps it to the end).
    public let index: Int
    /// The version the place must be at, when given.
    public let ifVersion: Int64?

    /// Creates params.
    public init(id: PlaceID, index: Int, ifVersion: Int64? = nil) {
        self.id = id
        self.index = index
        self.ifVersion = ifVersion
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> MoveParams {
        let reader = try ParamsReader(params, allowed: keys)
        return MoveParams(
            id: try reader.requiredID(),
            index: try reader.required("index", reader.nonNegativeInteger("index")),
            ifVersion: try reader.positiveInteger("ifVersion")
        )
    }
}

extension MoveParams {
    /// `places.move`.
    public static var method: Method { .move }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(id: id)
        writer.add("index", integer: index)
        writer.add("ifVersion", integer: ifVersion)
        return writer.object
    }
}
