import PlacesModel

/// The params of `places.remove`: `id`, `ifVersion?`.
public struct RemoveParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.id.text, "ifVersion"]

    /// The place to remove.
    public let id: PlaceID
    /// The version the place must be at, when given.
    public let ifVersion: Int64?

    /// Creates params.
    public init(id: PlaceID, ifVersion: Int64? = nil) {
        self.id = id
        self.ifVersion = ifVersion
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> RemoveParams {
        let reader = try ParamsReader(params, allowed: keys)
        return RemoveParams(
            id: try reader.requiredID(),
            ifVersion: try reader.positiveInteger("ifVersion")
        )
    }
}

extension RemoveParams {
    /// `places.remove`.
    public static var method: Method { .remove }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(id: id)
        writer.add("ifVersion", integer: ifVersion)
        return writer.object
    }
}
