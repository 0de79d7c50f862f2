import PlacesModel

/// A whole store as its rows hold it, sealed values as they are: what `placesd migrate` copies from one engine
/// to another, so that ids, order, versions and revisions come across unchanged and no key is needed.
package struct StoredRows: Sendable {
    /// One place row.
    package struct Place: Sendable, Equatable {
        /// The row's number (SQLite's rowid, PostgreSQL's `rowid` column).
        package var row: Int64
        /// The place's id.
        package var id: PlaceID
        /// Its owner.
        package var owner: UserID
        /// Its position in the owner's list.
        package var position: Int64
        /// The name, description and coordinates: '' and 0 when the row is sealed.
        package var name: String, description: String, latitude: Double, longitude: Double
        /// Whether it was visited.
        package var isVisited: Bool
        /// Its version.
        package var version: Int64
        /// When it was created and last updated, in milliseconds since the epoch.
        package var createdAt: Int64, updatedAt: Int64
        /// The sealed private fields, or nil in a plaintext store.
        package var sealed: [UInt8]?

        /// A row with every column given.
        package init(
            row: Int64, id: PlaceID, owner: UserID, position: Int64, name: String, description: String,
            latitude: Double, longitude: Double, isVisited: Bool, version: Int64, createdAt: Int64, updatedAt: Int64,
            sealed: [UInt8]?
        ) {
            self.row = row
            self.id = id
            self.owner = owner
            self.position = position
            self.name = name
            self.description = description
            self.latitude = latitude
            self.longitude = longitude
            self.isVisited = isVisited
            self.version = version
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.sealed = sealed
        }
    }

    /// The store-wide revision.
    package var revision: Int64 = 0
    /// What recognises the store's key; nil for a plaintext store.
    package var keyCheck: [UInt8]?
    /// Every owner's revision.
    package var owners: [(uid: UserID, revision: Int64)] = []
    /// Every place.
    package var places: [Place] = []

    /// An empty store.
    package init() {}

    /// Whether the store holds nothing: no place, no revision.
    package var isEmpty: Bool { revision == 0 && places.isEmpty }
}
