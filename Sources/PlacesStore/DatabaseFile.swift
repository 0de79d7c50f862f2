import Glibc

/// The database file on disk: makes sure it exists with private permissions and holds the lock that keeps a
/// second store (in this or another process) from using it at the same time.
///
/// The lock is an `flock` on a descriptor of the database file. SQLite's own locks are POSIX record locks, which
/// `flock` does not interfere with; but closing any descriptor of the file drops this process's POSIX locks, so
/// the descriptor stays open until every SQLite connection to the file is closed.
final class DatabaseFile {
    /// The database's path.
    let path: String
    private var descriptor: Int32

    /// Creates missing parent directories (mode 0700) and the file itself (mode 0600), then locks it.
    ///
    /// An existing file is opened without being changed.
    init(path: String) throws(StoreError) {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: "the path is empty") }
        self.path = path
        try DatabaseFile.createParentDirectories(of: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: DatabaseFile.reason(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .cannotOpen(path: path, reason: "not a regular file")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotOpen(
                path: path,
                reason: code == EWOULDBLOCK ? "in use by another placesd store" : DatabaseFile.reason(code))
        }
        self.descriptor = descriptor
    }

    deinit {
        unlock()
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Releases the lock; call only after every SQLite connection to the file is closed. Idempotent.
    func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    private static func createParentDirectories(of path: String) throws(StoreError) {
        var prefix = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (offset, component) in components.enumerated() {
            prefix += offset == 0 ? String(component) : "/" + component
            guard !prefix.isEmpty, !component.isEmpty, component != ".", component != ".." else { continue }
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw .cannotOpen(path: path, reason: "cannot create directory '\(prefix)': \(reason(errno))")
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
