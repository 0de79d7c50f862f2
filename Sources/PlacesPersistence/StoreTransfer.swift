import PlacesState

/// A whole store of one kind of engine read and written as rows, sealed values as they are (`placesd migrate`):
/// ids, order, versions and revisions come across unchanged, and no key is needed. The change log is not copied.
package protocol StoreTransfer {
    /// Every row of the store in `database`, read in one snapshot; no store may have it open, and it is not
    /// changed.
    static func read(_ database: String) throws(StoreError) -> StoredRows

    /// Writes `rows` into the store in `database` (made if there is none), in one transaction; no store may have
    /// it open, and one that already holds places or revisions is refused and left unchanged.
    static func write(_ rows: StoredRows, into database: String) throws(StoreError)
}
