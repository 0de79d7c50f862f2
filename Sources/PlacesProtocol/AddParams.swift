import PlacesModel

/// The params of `places.add`: `name?`, `description?`, `latitude`, `longitude`, `visited?`.
public struct AddParams: Sendable, Hashable {
    /// The keys the params may have.
    static let keys: [String] = ["name", "description", "latitude", "longitude", "visited"]

    /// The validated new place.
    public let draft: PlaceDraft

    /// Wraps a draft.
    public init(draft: PlaceDraft) {
        self.draft = draft
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> AddParams {
        let reader = try ParamsReader(params, allowed: keys)
        return AddParams(draft: try reader.placeDraft())
    }
}

extension ParamsReader {
    /// Reads `name?`, `description?`, `latitude`, `longitude` and `visited?` into a validated draft.
    func placeDraft() throws(RPCError) -> PlaceDraft {
        let name = try string("name")
        let description = try string("description")
        let latitude = try required("latitude", number("latitude"))
        let longitude = try required("longitude", number("longitude"))
        let visited = try bool("visited")
        do throws(ValidationError) {
            return try PlaceDraft(
                name: name ?? PlaceRules.defaultName,
                description: description ?? "",
                latitude: latitude,
                longitude: longitude,
                isVisited: visited ?? false
            )
        } catch {
            throw invalid(error)
        }
    }
}
