import Glibc

extension FileSystem {
    /// The user and group that own the file or directory at `path`, following symbolic links.
    public static func owner(of path: String) throws(SystemError) -> (uid: UInt32, gid: UInt32) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw SystemError(errno: errno, operation: "read the owner of '\(path)'")
        }
        return (status.st_uid, status.st_gid)
    }

    /// Gives the file at `path` to the user `uid` and the group `gid` (`chown`, which only root may do for
    /// another user).
    public static func changeOwner(of path: String, uid: UInt32, gid: UInt32) throws(SystemError) {
        guard chown(path, uid, gid) == 0 else {
            throw SystemError(errno: errno, operation: "give '\(path)' to uid \(uid), gid \(gid)")
        }
    }

    /// The effective user id of this process (root is 0).
    public static func effectiveUserID() -> UInt32 {
        geteuid()
    }
}
