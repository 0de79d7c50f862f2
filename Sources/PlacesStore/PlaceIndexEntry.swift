import PlacesModel

/// One id and where its place lives, as a `PlaceIndex` leaf stores it.
struct PlaceIndexEntry: Sendable {
    /// The place's id.
    var id: PlaceID
    /// Its owner and position.
    var location: PlaceLocation
}
