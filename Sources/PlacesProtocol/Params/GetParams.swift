import PlacesModel

/// The params of `places.get`: `id`, `allUsers?`.
public struct GetParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = [PlaceField.id.text, "allUsers"]

    /// The place asked for.
    public let id: PlaceID
    /// Whether an admin asks across every user's places.
    public let allUsers: Bool

    /// Creates params.
    public init(id: PlaceID, allUsers: Bool = false) {
        self.id = id
        self.allUsers = allUsers
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> GetParams {
        let reader = try ParamsReader(params, allowed: keys)
        return GetParams(
            id: try reader.requiredID(), allUsers: try reader.bool("allUsers") ?? false)
    }
}

extension GetParams {
    /// `places.get`.
    public static var method: Method { .get }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(id: id)
        writer.add("allUsers", flag: allUsers)
        return writer.object
    }
}
