import PlacesModel

/// A place as the daemon sends it, read by a client.
public struct WirePlace: Sendable, Hashable {
    /// The place's id.
    public let id: PlaceID
    /// The name.
    public let name: String
    /// The description.
    public let description: String
    /// Degrees north.
    public let latitude: Double
    /// Degrees east.
    public let longitude: Double
    /// Whether the owner has been there.
    public let visited: Bool
    /// The place's version.
    public let version: Int64
    /// When it was added, as the RFC 3339 text the daemon sent.
    public let createdAt: String
    /// When it last changed, as the RFC 3339 text the daemon sent.
    public let updatedAt: String
    /// The owner's uid, present only in `allUsers` answers.
    public let owner: UInt32?

    /// Creates a place from all of its fields.
    public init(
        id: PlaceID, name: String, description: String, latitude: Double, longitude: Double, visited: Bool,
        version: Int64, createdAt: String, updatedAt: String, owner: UInt32? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
        self.visited = visited
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.owner = owner
    }

    /// The wire form of a stored place.
    public init(_ place: Place, includeOwner: Bool = false) {
        self.init(
            id: place.id,
            name: place.name,
            description: place.description,
            latitude: place.coordinate.latitude,
            longitude: place.coordinate.longitude,
            visited: place.isVisited,
            version: place.version,
            createdAt: place.createdAt.description,
            updatedAt: place.updatedAt.description,
            owner: includeOwner ? place.owner : nil
        )
    }
}
