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
