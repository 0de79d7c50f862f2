import PlacesState
import PlacesSystem

/// The database file on disk: makes sure it exists with private permissions and holds the lock that keeps a
/// second store (in this or another process) from using it at the same time.
///
/// The lock is an `flock` on a descriptor of the database file. SQLite's own locks are POSIX record locks, which
/// `flock` does not interfere with; but closing any descriptor of the file drops this process's POSIX locks, so
/// the descriptor stays open until every SQLite connection to the file is closed.
final class DatabaseFile {
    /// The database's path.
    let path: String
    private var descriptor: FileDescriptor?

    /// Creates missing parent directories (mode 0700) and the file itself (mode 0600), then locks it.
    ///
    /// An existing file is opened without being changed.
    init(path: String) throws(StoreError) {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: "the path is empty") }
        self.path = path
        do throws(SystemError) {
            try FileSystem.createParentDirectories(of: path)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot \(error.operation): \(error.reason)")
        }
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = try FileDescriptor.openRegularFile(path, creatingWithMode: 0o600)
        } catch {
            throw .cannotOpen(path: path, reason: error.isNotRegularFile ? "not a regular file" : error.reason)
        }
        let isLocked: Bool
        do throws(SystemError) {
            isLocked = try descriptor.lockExclusively()
        } catch {
            descriptor.close()
            throw .cannotOpen(path: path, reason: error.reason)
        }
        guard isLocked else {
            descriptor.close()
            throw .cannotOpen(path: path, reason: "in use by another placesd store")
        }
        self.descriptor = descriptor
    }

    deinit {
        unlock()
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileSystem.fileExists(path)
    }

    /// Releases the lock; call only after every SQLite connection to the file is closed. Idempotent.
    func unlock() {
        descriptor?.close()
        descriptor = nil
    }
}
