import PlacesModel

/// One place of an import: the id to keep (nil for a new one) and its fields.
public struct PlaceImport: Sendable, Hashable {
    /// The id the place keeps, or nil to have the store make one.
    public let id: PlaceID?
    /// The place's fields.
    public let draft: PlaceDraft

    /// Creates an imported place.
    public init(id: PlaceID?, draft: PlaceDraft) {
        self.id = id
        self.draft = draft
    }
}
