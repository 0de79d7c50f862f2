import PlacesModel

/// Who sent a request, as the kernel reported it when the client connected.
public struct Caller: Sendable, Hashable {
    /// The client's user id; its places are the ones it owns.
    public let uid: UserID
    /// The client's primary group id.
    public let gid: UInt32
    /// Whether the client may pass `allUsers` (root, or a member of the admin group).
    public let isAdmin: Bool

    /// Creates a caller.
    public init(uid: UserID, gid: UInt32, isAdmin: Bool) {
        self.uid = uid
        self.gid = gid
        self.isAdmin = isAdmin
    }
}
