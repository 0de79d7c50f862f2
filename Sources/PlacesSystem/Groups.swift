import Glibc

/// The group database.
public enum Groups {
    /// The id of the group called `named` (`getgrnam_r`), or nil when there is none.
    public static func groupID(named name: String) -> UInt32? {
        SystemCall.lookUp(group(), { getgrnam_r(name, $0, $1, $2, $3) }) { $0.gr_gid }
    }
}
