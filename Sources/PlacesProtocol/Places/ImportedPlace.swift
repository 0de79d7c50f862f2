import PlacesModel

/// One place read from `places.import`: its validated fields and the id to keep, if one was given.
public struct ImportedPlace: Sendable, Hashable {
    /// The id the place keeps; a new one is generated when nil.
    public let id: PlaceID?
    /// The validated fields.
    public let draft: PlaceDraft

    /// Creates an imported place.
    public init(id: PlaceID?, draft: PlaceDraft) {
        self.id = id
        self.draft = draft
    }
}

extension ImportedPlace {
    /// The place's object in `places.import`'s `places`: its `id` when it has one, then the draft's members.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        writer.add(PlaceField.id.text, id: id)
        writer.add(draft)
        return writer.object
    }
}
