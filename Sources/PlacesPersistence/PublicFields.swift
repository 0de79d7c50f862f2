import PlacesModel
import PlacesSealing

/// The fields of a place that keep their own columns in a sealed store too, as the rows hold them: everything but
/// the id, the owner and the private fields a seal holds (`SealedPayload`).
///
/// A new field of a place that is not private goes here, in each engine's column file (`PlaceColumns`,
/// `PostgresPlaceColumns`) and in each engine's schema; the statements, loaders and transfers take it from those.
package struct PublicFields: Sendable, Equatable {
    /// Whether the owner has been there.
    package var isVisited: Bool
    /// When the owner was there, in milliseconds since the epoch; nil when unvisited or unknown.
    package var visitedAt: Int64?
    /// Its version.
    package var version: Int64
    /// When it last changed, in milliseconds since the epoch.
    package var updatedAt: Int64
    /// When it was added, in milliseconds since the epoch: last, as the one column an update leaves as it is.
    package var createdAt: Int64

    /// Fields with every value given.
    @inlinable
    package init(isVisited: Bool, visitedAt: Int64?, version: Int64, updatedAt: Int64, createdAt: Int64) {
        self.isVisited = isVisited
        self.visitedAt = visitedAt
        self.version = version
        self.updatedAt = updatedAt
        self.createdAt = createdAt
    }

    /// The public fields of `place`.
    @inlinable
    package init(_ place: Place) {
        self.init(
            isVisited: place.isVisited, visitedAt: place.visitedAt?.millisecondsSinceEpoch, version: place.version,
            updatedAt: place.updatedAt.millisecondsSinceEpoch,
            createdAt: place.createdAt.millisecondsSinceEpoch)
    }

    /// The place `id` of `owner` with these fields and the private ones `privateFields`, whose texts it takes over
    /// (a load makes a million places this way: no text is retained for the place and released with the fields).
    @inlinable
    package func place(id: PlaceID, owner: UserID, privateFields: consuming SealedPayload) -> Place {
        Place(
            id: id, owner: owner, name: privateFields.name, description: privateFields.description,
            coordinate: privateFields.coordinate, isVisited: isVisited, version: version,
            createdAt: Timestamp(millisecondsSinceEpoch: createdAt),
            updatedAt: Timestamp(millisecondsSinceEpoch: updatedAt),
            visitedAt: visitedAt.map(Timestamp.init(millisecondsSinceEpoch:)), tags: privateFields.tags)
    }
}
