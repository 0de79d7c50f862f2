import PlacesModel

/// One row change the writer sends to SQLite for a mutation.
enum PlaceWrite: Sendable {
    /// A new row.
    case insert(Place, position: Int64, row: Int64)
    /// New values for an existing row's mutable columns.
    case update(Place, row: Int64)
    /// The row goes.
    case delete(row: Int64)
}
