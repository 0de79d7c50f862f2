import PlacesModel

/// One id and where its place lives, as a `PlaceIndex` leaf stores it.
package struct PlaceIndexEntry: Sendable {
    /// The place's id.
    package var id: PlaceID
    /// Its owner and position.
    package var location: PlaceLocation
}
