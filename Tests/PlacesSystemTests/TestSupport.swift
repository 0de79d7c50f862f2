import Glibc

/// Small wrappers the tests share.
enum TestSupport {
    /// The mode bits (permissions) of `path`, or nil when it does not exist.
    static func mode(of path: String) -> UInt32? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// Whether `path` is a socket file.
    static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// A pipe as (read end, write end).
    static func makePipe() -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed")
        return (ends[0], ends[1])
    }

    /// Writes `text` to `path`, creating the file.
    static func writeFile(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "open failed")
        var bytes = Array(text.utf8)
        _ = write(fd, &bytes, bytes.count)
        close(fd)
    }

    /// The contents of the file at `path`, or nil.
    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readAvailable(fd)
    }

    /// Reads until end of file or 64 KiB from a blocking descriptor.
    static func readAvailable(_ fd: Int32, limit: Int = 65536) -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while collected.count < limit {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            collected += buffer[..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Reads whatever one `read` returns.
    static func readOnce(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
}
