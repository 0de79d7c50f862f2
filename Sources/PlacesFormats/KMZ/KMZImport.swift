import PlacesModel
import PlacesProtocol

/// Reads the KML document inside a KMZ archive for `places.import`.
///
/// The archive is read from memory with libzip. Its KML is `doc.kml` when it has one (Google Earth's name),
/// else its first entry whose name ends in `.kml`; other entries (icons, pictures) are never expanded. Limits
/// refuse a hostile archive before it costs much: at most `maximumEntries` entries, at most
/// `maximumTotalBytes` declared for all of them, at most `maximumEntryBytes` for the KML, and a KML larger than
/// `ratioFloor` bytes may expand at most `maximumRatio` times its compressed size (a zip bomb expands
/// thousands of times); the expanded bytes are counted as they come, whatever the archive declares.
public enum KMZImport {
    /// The most entries an archive may hold.
    static let maximumEntries = 10_000
    /// The most bytes all entries may declare, expanded.
    static let maximumTotalBytes: UInt64 = 1 << 30
    /// The most bytes the KML may expand to: well past any list of places (100,000 placemarks are some 40 MiB).
    static let maximumEntryBytes: UInt64 = 256 << 20
    /// How many times its compressed size the KML may expand (text deflates some 5 to 20 times).
    static let maximumRatio: UInt64 = 100
    /// The size under which the ratio is not checked (a small, repetitive document may deflate very well).
    static let ratioFloor: UInt64 = 1 << 20

    /// The places of the KMZ archive `bytes`: those of its `doc.kml`, or else of its first `.kml` entry.
    public static func document(from bytes: UnsafeRawBufferPointer, maximumPlaces: Int) throws(RPCError)
        -> ImportedDocument
    {
        let entry: ZipEntry
        let kml: [UInt8]
        do throws(KMZError) {
            (entry, kml) = try document(in: bytes)
        } catch {
            throw KMLImport.invalid("kmz", error.reason)
        }
        let result = kml.withUnsafeBytes { kmlBytes in
            Result { () throws(RPCError) in
                try KMLImport.document(
                    from: kmlBytes, maximumPlaces: maximumPlaces,
                    named: "KML document '\(entry.name)' in the KMZ archive", field: "kmz[\(entry.name)]")
            }
        }
        return try result.get()
    }

    /// The KML entry of the archive `bytes` and its expanded bytes.
    static func document(in bytes: UnsafeRawBufferPointer) throws(KMZError) -> (ZipEntry, [UInt8]) {
        let archive = try ZipReader(bytes)
        defer { archive.close() }
        let count = archive.count
        guard count <= maximumEntries else { throw .tooManyEntries(count: count, limit: maximumEntries) }
        var total: UInt64 = 0
        var chosen: ZipEntry?
        for index in 0..<count {
            guard let entry = archive.entry(at: index) else { continue }
            total = total &+ entry.size
            guard total <= maximumTotalBytes, entry.size <= maximumTotalBytes else {
                throw .tooLarge(limit: maximumTotalBytes)
            }
            if entry.name.lowercased() == "doc.kml" {
                chosen = entry
            } else if chosen == nil, entry.isKML {
                chosen = entry
            }
        }
        guard let entry = chosen else { throw .noKML }
        guard entry.size <= maximumEntryBytes else { throw .entryTooLarge(name: entry.name, limit: maximumEntryBytes) }
        if entry.size > ratioFloor, entry.size > maximumRatio * max(entry.compressedSize, 1) {
            throw .zipBomb(name: entry.name, ratio: entry.size / max(entry.compressedSize, 1), limit: maximumRatio)
        }
        let kml = try archive.contents(
            of: entry, maximumBytes: maximumEntryBytes, maximumRatio: maximumRatio, ratioFloor: ratioFloor)
        return (entry, kml)
    }
}
