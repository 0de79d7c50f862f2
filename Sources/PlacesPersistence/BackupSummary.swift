/// What an online backup wrote: the revision it holds, its places, its size and whether its rows are sealed.
package struct BackupSummary: Sendable, Hashable {
    /// The store revision the backup holds.
    package let revision: Int64
    /// How many places (of every user) it holds.
    package let placeCount: Int
    /// The file's size in bytes.
    package let byteCount: Int64
    /// Whether its places are sealed: the store's key is needed to read them.
    package let isSealed: Bool

    /// Creates a summary.
    package init(revision: Int64, placeCount: Int, byteCount: Int64, isSealed: Bool) {
        self.revision = revision
        self.placeCount = placeCount
        self.byteCount = byteCount
        self.isSealed = isSealed
    }
}
