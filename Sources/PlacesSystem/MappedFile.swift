import Glibc

/// A whole file mapped read-only into memory, unmapped when the value goes away.
///
/// Reading a few lines of a large sorted file by binary search touches a few pages; mapping it costs no copy of
/// the rest (the gazetteer's 3 MB of cities are searched this way in well under a millisecond).
public final class MappedFile {
    /// The file's bytes; valid as long as this value lives.
    public let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path`; an empty file maps to no bytes.
    public init(path: String) throws(SystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "open '\(path)'") }
        defer { Glibc.close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw SystemError(errno: errno, operation: "read the size of '\(path)'") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SystemError(errno: status.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL, operation: "map '\(path)'")
        }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else { throw SystemError(errno: errno, operation: "map '\(path)'") }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
