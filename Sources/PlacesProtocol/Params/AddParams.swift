import PlacesModel

/// The params of `places.add`: `name?`, `description?`, `latitude`, `longitude`, `visited?`.
public struct AddParams: MethodParams {
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

extension AddParams {
    /// `places.add`.
    public static var method: Method { .add }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(draft)
        return writer.object
    }
}

extension ParamsWriter {
    /// Adds a draft's members as `placeDraft()` reads them: `name`, `description` unless empty, `latitude`,
    /// `longitude`, and `visited` when set.
    mutating func add(_ draft: PlaceDraft) {
        add("name", string: draft.name)
        add("description", string: draft.description.isEmpty ? nil : draft.description)
        add("latitude", number: draft.coordinate.latitude)
        add("longitude", number: draft.coordinate.longitude)
        add("visited", flag: draft.isVisited)
    }
}
