import PlacesState
import PlacesSystem

/// A backup, an inspection or a restore that failed: what was being done and why.
///
/// `description` reads "Failed to back up '/var/lib/placesd/places.sqlite' to '/backups/b.sqlite': No space left
/// on device".
package struct BackupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, phrased to follow "Failed to", e.g. "read backup '/backups/b.sqlite'".
    package let operation: String
    /// Why it failed, e.g. "integrity check failed: database disk image is malformed".
    package let reason: String

    /// Creates an error from the operation and the reason.
    package init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// "Failed to OPERATION: REASON".
    package var description: String { "Failed to \(operation): \(reason)" }

    /// The reason `error` gives, without the path a `StoreError` or `SystemError` repeats.
    static func reason(of error: any Error) -> String {
        switch error {
        case StoreError.cannotOpen(_, let reason): reason
        case let error as SystemError: "\(SystemError.text(forErrno: error.errno)) (\(error.operation))"
        case let error as SQLiteError: error.message
        default: "\(error)"
        }
    }
}
