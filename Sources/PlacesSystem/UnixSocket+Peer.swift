import CLinux
import Glibc

extension UnixSocket {
    /// The peer's pid, uid and gid (`SO_PEERCRED`).
    public static func peerCredentials(_ fd: FileDescriptor) throws(SystemError) -> PeerCredentials {
        var credentials = ucred()
        var length = socklen_t(MemoryLayout<ucred>.size)
        guard getsockopt(fd.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .failure(errno, "read the peer credentials of", fileDescriptor: fd.rawValue)
        }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }

    /// The peer's supplementary group ids (`SO_PEERGROUPS`).
    public static func peerGroups(_ fd: FileDescriptor) throws(SystemError) -> [UInt32] {
        var capacity = 32
        while true {
            var groups = [UInt32](repeating: 0, count: capacity)
            var length = socklen_t(capacity * MemoryLayout<UInt32>.size)
            let code = groups.withUnsafeMutableBytes { bytes in
                getsockopt(fd.rawValue, SOL_SOCKET, SO_PEERGROUPS, bytes.baseAddress, &length) == 0 ? 0 : errno
            }
            let needed = Int(length) / MemoryLayout<UInt32>.size
            if code == ERANGE && needed > capacity {
                // The kernel reports the size it needs; the peer's groups are fixed, so one retry suffices.
                capacity = needed
                continue
            }
            guard code == 0 else {
                throw .failure(code, "read the peer groups of", fileDescriptor: fd.rawValue)
            }
            groups.removeLast(capacity - needed)
            return groups
        }
    }
}
