import PlacesModel

/// The params of `places.update`: `id`, at least one of `name`, `description`, `latitude`, `longitude`,
/// `visited`, `visitedAt`, `tags`, `addTags`, `removeTags`, and `ifVersion?`.
public struct UpdateParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] =
        ([.id] + PlaceField.draftFields).map(\.text) + [addTagsKey, removeTagsKey, "ifVersion"]
    /// The key of the tags to add to a place's own.
    public static let addTagsKey = "addTags"
    /// The key of the tags to take off a place's own.
    public static let removeTagsKey = "removeTags"

    /// The place to change.
    public let id: PlaceID
    /// The validated changes.
    public let patch: PlacePatch
    /// The version the place must be at, when given.
    public let ifVersion: Int64?

    /// Creates params.
    public init(id: PlaceID, patch: PlacePatch, ifVersion: Int64? = nil) {
        self.id = id
        self.patch = patch
        self.ifVersion = ifVersion
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> UpdateParams {
        let reader = try ParamsReader(
            params,
            allowed: keys
        )
        let id = try reader.requiredID()
        let fields = try PlaceFieldsReader(reader)
        let addTags = try reader.strings(addTagsKey) ?? []
        let removeTags = try reader.strings(removeTagsKey) ?? []
        let ifVersion = try reader.positiveInteger("ifVersion")
        do throws(ValidationError) {
            return UpdateParams(
                id: id, patch: try fields.patch(addTags: addTags, removeTags: removeTags), ifVersion: ifVersion)
        } catch {
            throw reader.invalid(error)
        }
    }
}

extension UpdateParams {
    /// `places.update`.
    public static var method: Method { .update }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(id: id)
        writer.add(patch)
        writer.add("ifVersion", integer: ifVersion)
        return writer.object
    }
}
