import PlacesModel
import PlacesSealing

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
        /// The name, description and coordinates as their columns hold them: '' and 0 when the row is sealed.
        package var privateFields: SealedPayload
        /// The fields kept in their own columns.
        package var publicFields: PublicFields
        /// The sealed private fields, or nil in a plaintext store.
        package var sealed: [UInt8]?

        /// A row with every column given.
        package init(
            row: Int64, id: PlaceID, owner: UserID, position: Int64, privateFields: SealedPayload,
            publicFields: PublicFields, sealed: [UInt8]?
        ) {
            self.row = row
            self.id = id
            self.owner = owner
            self.position = position
            self.privateFields = privateFields
            self.publicFields = publicFields
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
