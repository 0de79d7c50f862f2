import CZip

/// Writes a zip archive of one deflated file in memory with libzip.
enum ZipWriter {
    /// Why libzip could not write the archive.
    struct Failure: Error {
        /// libzip's reason.
        var reason: String
    }

    /// A zip archive holding `contents` as `name`, deflated, with a fixed modification time (1 January 2000) so
    /// that the same contents give the same archive.
    static func archive(name: String, contents: [UInt8]) throws(Failure) -> [UInt8] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let target = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw Failure(reason: String(cString: zip_error_strerror(&error)))
        }
        // The archive frees the source it was opened on when it closes; keep it to read the result afterwards.
        zip_source_keep(target)
        defer { zip_source_free(target) }
        guard let archive = zip_open_from_source(target, ZIP_TRUNCATE, &error) else {
            zip_source_free(target)
            throw Failure(reason: String(cString: zip_error_strerror(&error)))
        }
        let added = contents.withUnsafeBytes { bytes -> Result<Void, Failure> in
            // The file's source reads `contents` in place, so the archive is closed while they are in reach.
            guard let file = zip_source_buffer(archive, bytes.baseAddress, UInt64(bytes.count), 0) else {
                return .failure(Failure(reason: String(cString: zip_strerror(archive))))
            }
            let index = zip_file_add(archive, name, file, UInt32(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(file)
                return .failure(Failure(reason: String(cString: zip_strerror(archive))))
            }
            guard zip_set_file_compression(archive, UInt64(index), ZIP_CM_DEFLATE, 0) == 0,
                zip_file_set_mtime(archive, UInt64(index), 946_684_800, 0) == 0,
                zip_close(archive) == 0
            else {
                let failure = Failure(reason: String(cString: zip_strerror(archive)))
                zip_discard(archive)
                return .failure(failure)
            }
            return .success(())
        }
        try added.get()
        return try bytes(of: target)
    }

    /// The bytes a buffer source holds.
    private static func bytes(of source: OpaquePointer) throws(Failure) -> [UInt8] {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_source_stat(source, &stat) == 0, zip_source_open(source) == 0 else {
            throw Failure(reason: "the written archive cannot be read back")
        }
        defer { zip_source_close(source) }
        var bytes = [UInt8](repeating: 0, count: Int(stat.size))
        let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress!, UInt64($0.count)) }
        guard read == Int64(stat.size) else { throw Failure(reason: "the written archive cannot be read back") }
        return bytes
    }
}
