import Glibc
import Testing

/// A tmpfs of a fixed size mounted in a test's temporary directory, for tests that fill a disk or remount it
/// read-only; needs root.
final class TmpfsMount {
    /// The mount point.
    let path: String

    /// Mounts a tmpfs of `size` (in mount(8)'s notation, e.g. "2m") at `directory/name`; cancels the test when
    /// this machine cannot mount one (not root).
    init(in directory: TemporaryDirectory, name: String, size: String) throws {
        path = directory.file(name)
        mkdir(path, 0o700)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(size),mode=0700") == 0 else {
            try Test.cancel("cannot mount a tmpfs at '\(path)': \(RawConnection.errnoText())")
        }
    }

    /// Detaches the file system.
    func unmount() {
        umount2(path, Int32(MNT_DETACH))
    }
}
