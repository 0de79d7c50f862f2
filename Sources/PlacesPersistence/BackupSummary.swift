/// What an online backup wrote: the revision it holds, its places, its size and whether its rows are sealed, and
/// how long it gave way to requests.
package struct BackupSummary: Sendable, Hashable {
    /// The store revision the backup holds.
    package let revision: Int64
    /// How many places (of every user) it holds.
    package let placeCount: Int
    /// The file's size in bytes.
    package let byteCount: Int64
    /// Whether its places are sealed: the store's key is needed to read them.
    package let isSealed: Bool
    /// How long the copy slept to give way to the daemon's requests, in nanoseconds (0 where it does not pace
    /// itself).
    package let gaveWayNanoseconds: UInt64

    /// Creates a summary.
    package init(revision: Int64, placeCount: Int, byteCount: Int64, isSealed: Bool, gaveWayNanoseconds: UInt64 = 0) {
        self.revision = revision
        self.placeCount = placeCount
        self.byteCount = byteCount
        self.isSealed = isSealed
        self.gaveWayNanoseconds = gaveWayNanoseconds
    }
}
