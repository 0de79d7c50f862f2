import CLinux
import Glibc

extension FileSystem {
    /// Creates the file at `path` for writing with `mode` (less the umask), close-on-exec; fails with `EEXIST` if
    /// anything is there already, so the caller owns what it creates.
    public static func createNewFile(_ path: String, mode: mode_t) throws(SystemError) -> FileDescriptor {
        let outcome = SystemCall.retryingInterrupts { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard outcome.result >= 0 else { throw SystemError(errno: outcome.errno, operation: "create '\(path)'") }
        return FileDescriptor(rawValue: outcome.result)
    }

    /// Opens the existing file at `path` for reading, close-on-exec.
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        let outcome = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard outcome.result >= 0 else { throw SystemError(errno: outcome.errno, operation: "open '\(path)'") }
        return FileDescriptor(rawValue: outcome.result)
    }

    /// Renames `source` to `target`, replacing whatever `target` names (atomically, on one file system).
    public static func rename(_ source: String, to target: String) throws(SystemError) {
        guard Glibc.rename(source, target) == 0 else {
            throw SystemError(errno: errno, operation: "rename '\(source)' to '\(target)'")
        }
    }

    /// Flushes the directory at `path` to the disk, so that the names created, renamed or removed in it last.
    public static func synchronizeDirectory(_ path: String) throws(SystemError) {
        let outcome = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard outcome.result >= 0 else { throw SystemError(errno: outcome.errno, operation: "open '\(path)'") }
        let directory = FileDescriptor(rawValue: outcome.result)
        defer { directory.close() }
        try directory.synchronize(describing: "directory '\(path)'")
    }

    /// The size in bytes of the file at `path`, following symbolic links.
    public static func fileSize(_ path: String) throws(SystemError) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw SystemError(errno: errno, operation: "read the size of '\(path)'") }
        return Int64(status.st_size)
    }

    /// The names in the directory at `path`, without `.` and `..`, in no particular order.
    public static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
        guard let stream = opendir(path) else { throw SystemError(errno: errno, operation: "open directory '\(path)'") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

extension FileDescriptor {
    /// Flushes the file's data and metadata to the disk (`fsync`); `what` names the file in the error.
    public func synchronize(describing what: String) throws(SystemError) {
        let outcome = SystemCall.retryingInterrupts { fsync(rawValue) }
        guard outcome.result == 0 else { throw SystemError(errno: outcome.errno, operation: "flush \(what)") }
    }

    /// Starts writing the dirty pages of `count` bytes from `offset` to the disk without waiting for them
    /// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`). No durability: a later `synchronize` still flushes the
    /// metadata and makes the data last; this only spreads the writing out instead of leaving it all to that flush.
    public func startWriteBack(offset: Int64, count: Int64, describing what: String) throws(SystemError) {
        try syncFileRange(offset: offset, count: count, flags: UInt32(SYNC_FILE_RANGE_WRITE), describing: what)
    }

    /// Waits until the pages of `count` bytes from `offset` whose writing has started are on the disk
    /// (`sync_file_range` with `SYNC_FILE_RANGE_WAIT_BEFORE`).
    public func waitForWriteBack(offset: Int64, count: Int64, describing what: String) throws(SystemError) {
        try syncFileRange(offset: offset, count: count, flags: UInt32(SYNC_FILE_RANGE_WAIT_BEFORE), describing: what)
    }

    private func syncFileRange(offset: Int64, count: Int64, flags: UInt32, describing what: String)
        throws(SystemError)
    {
        let outcome = SystemCall.retryingInterrupts { sync_file_range(rawValue, Int(offset), Int(count), flags) }
        guard outcome.result == 0 else { throw SystemError(errno: outcome.errno, operation: "write back \(what)") }
    }
}
