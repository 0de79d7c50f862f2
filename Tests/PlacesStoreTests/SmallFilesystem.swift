import Glibc

/// A tiny tmpfs mounted for one test, to fill up for real; needs root.
final class SmallFilesystem {
    /// Whether this process may mount file systems (it is root and a trial mount works).
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let directory = TemporaryDirectory()
        guard let trial = try? SmallFilesystem(at: directory.file("trial"), bytes: 64 * 1024) else { return false }
        trial.unmount()
        return true
    }()

    /// Why mounting failed.
    struct Failure: Error {
        /// The errno of `mkdir` or `mount`.
        let code: Int32
    }

    /// The mount point.
    let path: String
    private var isMounted = true

    /// Creates `path` and mounts a tmpfs of `bytes` bytes on it.
    init(at path: String, bytes: Int) throws {
        guard mkdir(path, 0o700) == 0 else { throw Failure(code: errno) }
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0700") == 0 else { throw Failure(code: errno) }
        self.path = path
    }

    deinit {
        unmount()
    }

    /// Unmounts the file system; idempotent.
    func unmount() {
        guard isMounted else { return }
        umount2(path, Int32(MNT_DETACH))
        isMounted = false
    }
}
