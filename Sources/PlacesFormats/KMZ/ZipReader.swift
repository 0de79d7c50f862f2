import CZip

/// A zip archive in memory, opened with libzip for reading; `close()` must be called once done.
///
/// libzip reads the caller's bytes in place (`zip_source_buffer_create` does not copy them): the buffer must
/// outlive the reader.
final class ZipReader {
    private let archive: OpaquePointer

    /// Opens the archive `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) throws(KMZError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(bytes.baseAddress, UInt64(bytes.count), 0, &error) else {
            throw .notZip(reason: String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw .notZip(reason: String(cString: zip_error_strerror(&error)))
        }
        self.archive = archive
    }

    /// Closes the archive, which was only read.
    func close() {
        zip_discard(archive)
    }

    /// The number of entries.
    var count: Int {
        Int(max(0, zip_get_num_entries(archive, 0)))
    }

    /// The entry at `index`, or nil when libzip cannot describe it.
    func entry(at index: Int) -> ZipEntry? {
        var stat = zip_stat_t()
        guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0, let name = stat.name else { return nil }
        let wanted = UInt64(ZIP_STAT_NAME | ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE)
        guard stat.valid & wanted == wanted else { return nil }
        return ZipEntry(
            index: UInt64(index), name: String(cString: name), size: stat.size, compressedSize: stat.comp_size)
    }

    /// The expanded bytes of `entry`, refusing more than `maximumBytes` and more than `maximumRatio` times its
    /// compressed size once past `ratioFloor` bytes, whatever the archive declares.
    func contents(
        of entry: ZipEntry, maximumBytes: UInt64, maximumRatio: UInt64, ratioFloor: UInt64
    ) throws(KMZError) -> [UInt8] {
        guard let file = zip_fopen_index(archive, entry.index, 0) else {
            throw .unreadable(name: entry.name, reason: String(cString: zip_strerror(archive)))
        }
        defer { zip_fclose(file) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(entry.size, maximumBytes)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
            if read < 0 { throw .unreadable(name: entry.name, reason: String(cString: zip_file_strerror(file))) }
            if read == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<Int(read)])
            let total = UInt64(bytes.count)
            if total > maximumBytes { throw .entryTooLarge(name: entry.name, limit: maximumBytes) }
            if total > ratioFloor, total > maximumRatio * max(entry.compressedSize, 1) {
                throw .zipBomb(
                    name: entry.name, ratio: total / max(entry.compressedSize, 1), limit: maximumRatio)
            }
        }
    }
}
