import PlacesModel

/// The params of `places.add`: `name?`, `description?`, `latitude`, `longitude`, `visited?`.
public struct AddParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = PlaceField.draftFields.map(\.text)

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
        let name = try string(PlaceField.name.text)
        let description = try string(PlaceField.description.text)
        let latitude = try required(PlaceField.latitude.text, number(PlaceField.latitude.text))
        let longitude = try required(PlaceField.longitude.text, number(PlaceField.longitude.text))
        let visited = try bool(PlaceField.visited.text)
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
        add(PlaceField.name.text, string: draft.name)
        add(PlaceField.description.text, string: draft.description.isEmpty ? nil : draft.description)
        add(PlaceField.latitude.text, number: draft.coordinate.latitude)
        add(PlaceField.longitude.text, number: draft.coordinate.longitude)
        add(PlaceField.visited.text, flag: draft.isVisited)
    }
}
