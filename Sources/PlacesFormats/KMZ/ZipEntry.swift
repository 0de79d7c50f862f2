/// One entry of a zip archive, as its central directory describes it.
struct ZipEntry: Sendable, Hashable {
    /// Its index in the archive.
    var index: UInt64
    /// Its name, a path inside the archive (`doc.kml`, `files/icon.png`).
    var name: String
    /// Its size once expanded, as the archive declares it.
    var size: UInt64
    /// Its size in the archive.
    var compressedSize: UInt64

    /// Whether it is a KML document by its name (`.kml`, any case).
    var isKML: Bool {
        name.lowercased().hasSuffix(".kml")
    }
}
