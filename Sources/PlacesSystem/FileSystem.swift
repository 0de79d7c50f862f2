import Glibc

/// Paths, directories and the identity of the current user.
public enum FileSystem {
    /// Creates the missing directories above `path` (like `mkdir -p "$(dirname path)"`), each with mode 0700
    /// (less whatever the umask removes). An existing non-directory on the way fails with `ENOTDIR`.
    public static func createParentDirectories(of path: String) throws(SystemError) {
        guard let lastSlash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        let parent = String(path[..<lastSlash])
        var prefix = parent.hasPrefix("/") ? "/" : ""
        for component in parent.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
            prefix += component
            if component == "." || component == ".." { continue }
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            // Check what is there rather than trusting EEXIST: a read-only file system may answer EROFS
            // for a directory that exists.
            var status = stat()
            guard stat(prefix, &status) == 0 else {
                throw SystemError(errno: code, operation: "create directory '\(prefix)'")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw SystemError(errno: ENOTDIR, operation: "create directory '\(prefix)'")
            }
        }
    }

    /// Whether something exists at `path`, following symbolic links.
    public static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Removes the file at `path`; one that is already gone is not an error.
    public static func removeFile(_ path: String) throws(SystemError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw SystemError(errno: errno, operation: "remove '\(path)'")
        }
    }

    /// The whole contents of the file at `path`.
    public static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(errno: errno, operation: "open '\(path)'") }
        let file = FileDescriptor(rawValue: fd)
        defer { file.close() }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try file.read(into: buffer) ?? 0 }
            }
            let count = try outcome.get()
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[..<count])
        }
    }

    /// The path of the running program with its symbolic links resolved (`/proc/self/exe`), or nil when the
    /// kernel does not tell.
    public static func executablePath() -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let count = readlink("/proc/self/exe", base, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self)
        }
    }

    /// The real user id (`getuid`).
    public static func realUserID() -> UInt32 {
        getuid()
    }

    /// The current user's home directory: `$HOME` when set and not empty, else the password database's entry.
    public static func homeDirectory() -> String? {
        if let home = getenv("HOME"), home.pointee != 0 {
            return String(cString: home)
        }
        return homeDirectory(uid: getuid())
    }

    /// The home directory of `uid` in the password database (`getpwuid_r`).
    public static func homeDirectory(uid: UInt32) -> String? {
        SystemCall.lookUp(passwd(), { getpwuid_r(uid, $0, $1, $2, $3) }) { entry in
            guard let directory = entry.pw_dir, directory.pointee != 0 else { return nil }
            return String(cString: directory)
        }
    }

    /// The name of `uid` in the password database (`getpwuid_r`), or nil if it has none.
    public static func userName(uid: UInt32) -> String? {
        SystemCall.lookUp(passwd(), { getpwuid_r(uid, $0, $1, $2, $3) }) { entry in
            guard let name = entry.pw_name, name.pointee != 0 else { return nil }
            return String(cString: name)
        }
    }
}
