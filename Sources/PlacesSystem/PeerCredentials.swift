/// Who is on the other end of a Unix socket, as the kernel recorded it at `connect` (`SO_PEERCRED`).
public struct PeerCredentials: Sendable, Hashable {
    /// The peer's process id.
    public let pid: Int32
    /// The peer's effective user id.
    public let uid: UInt32
    /// The peer's effective group id.
    public let gid: UInt32

    /// Creates credentials from their parts.
    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }
}
