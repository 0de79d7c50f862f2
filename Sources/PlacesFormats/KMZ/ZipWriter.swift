import CZip

#if canImport(Glibc)
    import Glibc
#endif

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
        try archive([(name, contents)])
    }

    /// A zip archive holding each of `files` in order, deflated, with a fixed modification time.
    static func archive(_ files: [(name: String, contents: [UInt8])]) throws(Failure) -> [UInt8] {
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
        // libzip reads each file's bytes in place when the archive closes: copy them into buffers it frees.
        for file in files {
            guard add(file.name, file.contents, to: archive) else {
                let failure = Failure(reason: String(cString: zip_strerror(archive)))
                zip_discard(archive)
                throw failure
            }
        }
        guard zip_close(archive) == 0 else {
            let failure = Failure(reason: String(cString: zip_strerror(archive)))
            zip_discard(archive)
            throw failure
        }
        return try bytes(of: target)
    }

    /// Adds `contents` as `name` to `archive`, deflated; false when libzip refuses.
    private static func add(_ name: String, _ contents: [UInt8], to archive: OpaquePointer) -> Bool {
        guard let copy = malloc(max(contents.count, 1)) else { return false }
        contents.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
        }
        guard let file = zip_source_buffer(archive, copy, UInt64(contents.count), 1) else {
            free(copy)
            return false
        }
        let index = zip_file_add(archive, name, file, UInt32(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(file)
            return false
        }
        return zip_set_file_compression(archive, UInt64(index), ZIP_CM_DEFLATE, 0) == 0
            && zip_file_set_mtime(archive, UInt64(index), 946_684_800, 0) == 0
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
