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
        let fields = try PlaceFieldsReader(self, required: [.latitude, .longitude])
        do throws(ValidationError) {
            return try fields.draft()
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
