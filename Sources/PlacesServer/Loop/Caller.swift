import PlacesModel

/// Who sent a request, as the kernel reported it when the client connected (`PeerCredentials`), and whether
/// that makes it an administrator (`ConnectionAdmission.caller`).
struct Caller: Sendable, Hashable {
    /// The client's user id; its places are the ones it owns.
    let uid: UserID
    /// The client's primary group id.
    let gid: UInt32
    /// Whether the client may pass `allUsers` (root, or a member of the admin group).
    let isAdmin: Bool
}
