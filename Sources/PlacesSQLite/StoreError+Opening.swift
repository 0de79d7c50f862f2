import PlacesSealing
import PlacesState

extension StoreError {
    /// `error`, thrown while opening (or converting) the database at `path`, as a `StoreError`: itself if it is
    /// one, else `.cannotOpen` with its message, after `prefix` when the step needs naming.
    static func opening(_ path: String, _ error: any Error, prefix: String = "") -> StoreError {
        switch error {
        case let error as StoreError: error
        case let error as SQLiteError: .cannotOpen(path: path, reason: prefix + error.message)
        case let error as DamagedState: .cannotOpen(path: path, reason: error.reason)
        default: .cannotOpen(path: path, reason: prefix + "\(error)")
        }
    }
}
