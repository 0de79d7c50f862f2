import PlacesModel

/// One row change the writer sends to SQLite for a mutation.
package enum PlaceWrite: Sendable {
    /// A new row.
    case insert(Place, position: Int64, row: Int64)
    /// New values for an existing row's mutable columns.
    case update(Place, row: Int64)
    /// The row's place moved in its owner's list (or was renumbered to make room): a new `position`.
    case reposition(row: Int64, position: Int64)
    /// The row goes.
    case delete(row: Int64)
}
