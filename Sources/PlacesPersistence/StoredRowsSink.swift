import PlacesState

/// What takes a whole store's rows as they are read, a part at a time, so that a store larger than memory allows
/// can be copied: the store-wide rows first, then the places in row order, in chunks.
package protocol StoredRowsSink: AnyObject {
    /// Takes the store-wide rows: `store`'s revision, key check and owners (its places are left empty). Called
    /// once, before any place.
    func begin(_ store: StoredRows) throws(StoreError)

    /// Takes the next places, in row order.
    func append(_ places: [StoredRows.Place]) throws(StoreError)
}

/// A sink that keeps every row in memory, as `StoreTransfer.read` returns them.
package final class CollectedRows: StoredRowsSink {
    /// What was taken so far.
    package private(set) var rows = StoredRows()

    /// An empty collection.
    package init() {}

    package func begin(_ store: StoredRows) {
        rows.revision = store.revision
        rows.keyCheck = store.keyCheck
        rows.owners = store.owners
    }

    package func append(_ places: [StoredRows.Place]) {
        rows.places.append(contentsOf: places)
    }
}
