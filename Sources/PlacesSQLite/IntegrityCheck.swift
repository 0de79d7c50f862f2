import Dispatch
import PlacesLocking
import PlacesSealing
import PlacesState

/// `PRAGMA quick_check` on a connection of its own, on another thread, so that it overlaps loading.
final class IntegrityCheck: Sendable {
    private let outcome = Locked<Result<Void, StoreError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts checking `path`, read with `mode`.
    init(path: String, mode: SQLiteConnection.Mode) {
        DispatchQueue.global().async {
            let result: Result<Void, StoreError>
            do {
                let connection = try SQLiteConnection(path: path, mode: mode)
                defer { connection.close() }
                connection.mapForScanning()
                try DatabaseInspector().checkIntegrity(connection)
                result = .success(())
            } catch let error as StoreError {
                result = .failure(error)
            } catch {
                result = .failure(.cannotOpen(path: path, reason: "\(error)"))
            }
            self.outcome.withLock { $0 = result }
            self.done.signal()
        }
    }

    /// Waits for the check; throws what it found.
    func wait() throws(StoreError) {
        done.wait()
        try outcome.withLock { $0! }.get()
    }
}
