import Glibc
import PlacesSystem

/// A temporary file beside a target, named so that it is recognizably placesd's (`.NAME.partial-PID`), created
/// with `O_EXCL` and mode 0600, that becomes the target in one `rename` or is removed.
///
/// Until `commit` the target is untouched: a reader sees the old file or the complete new one, never a part.
/// A process killed half-way leaves the temporary behind; `removeStale(in:)` deletes such leftovers.
final class PartialFile {
    /// What marks a temporary's name, between the target's name and the process id.
    static let marker = ".partial-"
    /// The file the temporary is to become.
    let target: String
    /// The temporary's path.
    let path: String
    /// The directory both are in.
    let directory: String
    private var descriptor: FileDescriptor?
    /// How far from the start `writeBackAdded` has started writing the file back.
    private var writeBackStarted: Int64 = 0

    /// Creates the temporary for `target` (mode 0600); throws if the directory is missing or not writable.
    init(for target: String) throws(SystemError) {
        let slash = target.utf8.lastIndex(of: UInt8(ascii: "/"))
        directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.utf8.index(after: $0)...]) } ?? target
        self.target = target
        path =
            (slash == nil ? "" : directory + (directory == "/" ? "" : "/")) + "." + name + Self.marker
            + String(getpid())
        descriptor = try FileSystem.createNewFile(path, mode: 0o600)
    }

    deinit {
        discard()
    }

    /// Copies the whole contents of the file at `source` into the temporary.
    func copyContents(of source: String) throws(SystemError) {
        guard let descriptor else { preconditionFailure("PartialFile '\(path)' written after commit or discard") }
        let input = try FileSystem.openForReading(source)
        defer { input.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while let count = try input.read(into: buffer), count > 0 {
            try descriptor.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Gives the temporary the owner and group of the file or directory at `reference` when they differ and this
    /// process runs as root: a restore run as root then leaves the database to the user the daemon runs as, who
    /// owns the database replaced or its directory. Another user can only create files of their own, and is not
    /// asked to give them away.
    func takeOwner(of reference: String) throws(SystemError) {
        guard FileSystem.effectiveUserID() == 0 else { return }
        let wanted = try FileSystem.owner(of: reference)
        guard try FileSystem.owner(of: path) != wanted else { return }
        try FileSystem.changeOwner(of: path, uid: wanted.uid, gid: wanted.gid)
    }

    /// Keeps the writing of a temporary that another writer (SQLite) fills steady: starts writing to the disk what
    /// was added since the last call, then waits until what the last call started is written. At most about one
    /// call's worth of the copy is then dirty in memory or on its way at a time, so the flush at the end is short
    /// and the disk never sees the whole copy at once, which would hold up the daemon's own commits (an `fsync` of
    /// the database's log waits behind it) for as long as it takes.
    func writeBackAdded() throws(SystemError) {
        guard let descriptor else { preconditionFailure("PartialFile '\(path)' written after commit or discard") }
        let size = try FileSystem.fileSize(path)
        guard size > writeBackStarted else { return }
        let what = "'\(path)'"
        try descriptor.startWriteBack(offset: writeBackStarted, count: size - writeBackStarted, describing: what)
        try descriptor.waitForWriteBack(offset: 0, count: writeBackStarted, describing: what)
        writeBackStarted = size
    }

    /// Flushes the temporary's contents (written by anyone, e.g. SQLite) to the disk.
    func synchronize() throws(SystemError) {
        try descriptor?.synchronize(describing: "'\(path)'")
    }

    /// Renames the temporary over the target and flushes the directory, so the new name survives a crash.
    func commit() throws(SystemError) {
        descriptor?.close()
        descriptor = nil
        try FileSystem.rename(path, to: target)
        try FileSystem.synchronizeDirectory(directory)
    }

    /// Removes the temporary (and any journal SQLite left beside it) unless it was committed. Idempotent.
    func discard() {
        guard let descriptor else { return }
        descriptor.close()
        self.descriptor = nil
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileSystem.removeFile(path + suffix)
        }
    }

    /// Removes every temporary in `directory` that a backup or restore killed half-way left behind, with any
    /// journal beside it; returns the names removed. Only names of the form `.NAME.partial-PID[-journal|-wal|-shm]`
    /// whose process is gone are touched: a temporary of a backup still running is kept. At start-up, pass
    /// `includingOwn`: nothing of this process is under way yet, and a daemon restarted in a container often gets
    /// the process id its killed predecessor had.
    @discardableResult
    static func removeStale(in directory: String, includingOwn: Bool = false) throws(SystemError) -> [String] {
        var removed: [String] = []
        for name in try FileSystem.directoryEntries(directory) {
            guard let process = owningProcess(of: name) else { continue }
            let isOwn = process == getpid()
            guard isOwn ? includingOwn : kill(process, 0) != 0 && errno == ESRCH else { continue }
            try FileSystem.removeFile(directory + "/" + name)
            removed.append(name)
        }
        return removed.sorted()
    }

    /// The process id in a temporary's name, or nil if `name` is not one.
    static func owningProcess(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.ranges(of: marker).last else { return nil }
        var digits = name[range.upperBound...]
        for suffix in ["-journal", "-wal", "-shm"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let process = pid_t(digits), process > 0 else {
            return nil
        }
        return process
    }
}
