/// Why a KMZ archive could not be read.
enum KMZError: Error, Sendable, Hashable {
    /// libzip cannot open it, with libzip's reason.
    case notZip(reason: String)
    /// It holds more entries than `limit`.
    case tooManyEntries(count: Int, limit: Int)
    /// Its entries together would expand past `limit` bytes.
    case tooLarge(limit: UInt64)
    /// Its KML entry would expand past `limit` bytes.
    case entryTooLarge(name: String, limit: UInt64)
    /// Its KML entry expands more than `limit` times its compressed size.
    case zipBomb(name: String, ratio: UInt64, limit: UInt64)
    /// It holds no entry whose name ends in `.kml`.
    case noKML
    /// Its KML entry cannot be expanded, with libzip's reason (damaged, encrypted, an unknown method).
    case unreadable(name: String, reason: String)

    /// What is wrong, phrased to follow "The KMZ archive".
    var reason: String {
        switch self {
        case .notZip(let reason):
            "is not a zip archive: \(reason)"
        case .tooManyEntries(let count, let limit):
            "holds \(count) entries; placesd reads archives of at most \(limit)"
        case .tooLarge(let limit):
            "would expand to more than \(limit / (1 << 20)) MiB; placesd reads archives of at most that"
        case .entryTooLarge(let name, let limit):
            "holds '\(name)', which would expand to more than \(limit / (1 << 20)) MiB; placesd reads KML of at "
                + "most that"
        case .zipBomb(let name, let ratio, let limit):
            "holds '\(name)', which expands \(ratio) times its compressed size (more than \(limit) times): refused "
                + "as a zip bomb"
        case .noKML:
            "holds no KML document (doc.kml, or any entry whose name ends in .kml)"
        case .unreadable(let name, let reason):
            "holds '\(name)', which cannot be expanded: \(reason)"
        }
    }
}
