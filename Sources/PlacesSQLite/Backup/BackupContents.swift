import PlacesModel
import PlacesState

/// What a placesd database holds, as read in one transaction: what a backup reports and `--info` prints.
package struct BackupContents: Sendable, Hashable {
    /// The schema version (`PRAGMA user_version`); an older one is migrated when a daemon opens the file.
    package let formatVersion: Int64
    /// The store revision (`meta.revision`): the last change the file holds.
    package let revision: Int64
    /// How many places the file holds.
    package let placeCount: Int
    /// How many places each owner has (owners without places are left out); nil if they were not counted.
    package let placesByOwner: [UserID: Int]?
    /// Whether the places are sealed (the store is encrypted): a key is needed to read them.
    package let isSealed: Bool
    /// The file's size in bytes.
    package var byteCount: Int64
    /// How long the backup that wrote the file slept to give way to the daemon (`BackgroundPacing`), in
    /// nanoseconds; 0 when the contents were read from a file.
    package var gaveWayNanoseconds: UInt64 = 0
    /// What recognizes the key of a sealed store (`meta.key_check`); nil for a plaintext one.
    let keyCheck: [UInt8]?

    /// Reads the contents through `connection`, a placesd database at `formatVersion`, inside whatever
    /// transaction the caller holds; `byteCount` is left 0 for the caller to fill in.
    ///
    /// Counting by owner sorts every row (half a second for a million places), so a backup, which is to take
    /// little longer than copying the pages, counts only the total (`count(*)` reads the pages without decoding
    /// the rows); an inspection, whose integrity check reads everything anyway, counts by owner.
    static func read(
        from connection: SQLiteConnection, formatVersion: Int64, countingByOwner: Bool
    ) throws(SQLiteError) -> BackupContents {
        let revision = try connection.integer("SELECT revision FROM meta WHERE singleton = 1") ?? 0
        var placesByOwner: [UserID: Int]?
        var placeCount = 0
        if countingByOwner {
            var counted: [UserID: Int] = [:]
            let counts = try connection.prepare("SELECT owner, count(*) FROM places GROUP BY owner")
            while try counts.step() {
                counted[UserID(truncatingIfNeeded: counts.int64(at: 0))] = Int(counts.int64(at: 1))
            }
            placesByOwner = counted
            placeCount = counted.values.reduce(0, +)
        } else {
            placeCount = Int(try connection.integer("SELECT count(*) FROM places") ?? 0)
        }
        // The key check came with schema version 4 (encryption at rest); older stores are plaintext.
        var keyCheck: [UInt8]?
        if formatVersion >= 4 {
            let statement = try connection.prepare("SELECT key_check FROM meta WHERE singleton = 1")
            if try statement.step() { keyCheck = statement.bytes(at: 0) }
        }
        return BackupContents(
            formatVersion: formatVersion, revision: revision, placeCount: placeCount, placesByOwner: placesByOwner,
            isSealed: keyCheck != nil, byteCount: 0, keyCheck: keyCheck)
    }
}
