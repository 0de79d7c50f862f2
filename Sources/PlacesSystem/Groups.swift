import Glibc

/// The group database.
public enum Groups {
    /// The id of the group called `named` (`getgrnam_r`), or nil when there is none.
    public static func groupID(named name: String) -> UInt32? {
        var capacity = 1024
        while capacity <= 1 << 20 {
            var entry = group()
            var found: UnsafeMutablePointer<group>? = nil
            var buffer = [CChar](repeating: 0, count: capacity)
            let code = getgrnam_r(name, &entry, &buffer, capacity, &found)
            if code == ERANGE {
                capacity *= 2
                continue
            }
            guard code == 0, found != nil else { return nil }
            return entry.gr_gid
        }
        return nil
    }
}
