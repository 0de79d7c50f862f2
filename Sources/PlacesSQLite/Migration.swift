import PlacesSealing
import PlacesState

/// One numbered step of the database schema: the SQL that takes version `version - 1` to `version`.
struct Migration: Sendable {
    /// The schema version after this step (the first migration is 1).
    let version: Int64
    /// The statements, run in order inside the migration's transaction.
    let statements: [String]
}
