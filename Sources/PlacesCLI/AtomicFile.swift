import Glibc
import PlacesSystem

/// Replaces a file atomically: the contents go to `PATH.tmp`, which is synced and then renamed over `PATH`.
///
/// Readers see the old file or the new one, never a part; a failure leaves the old file as it was.
enum AtomicFile {
    /// The suffix of the temporary file next to the target.
    static let temporarySuffix = ".tmp"

    /// Writes `contents` to `path` through `path.tmp` (mode 0666 less the umask).
    static func write(_ path: String, _ contents: [UInt8]) throws(OutputError) {
        try contents.withUnsafeBytes { bytes in Result { () throws(OutputError) in try write(path, bytes) } }.get()
    }

    /// Writes `contents` to `path` through `path.tmp` (mode 0666 less the umask).
    static func write(_ path: String, _ contents: UnsafeRawBufferPointer) throws(OutputError) {
        let temporary = path + temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw OutputError(reason: "\(SystemError.text(forErrno: errno)) (creating '\(temporary)')")
        }
        let file = FileDescriptor(rawValue: fd)
        let outcome = Result { () throws(SystemError) in try file.writeAll(contents) }
        var failure: String?
        if case .failure(let error) = outcome {
            failure = error.reason
        } else if fsync(fd) != 0 {
            failure = SystemError.text(forErrno: errno)
        }
        if Glibc.close(fd) != 0 && failure == nil {
            failure = SystemError.text(forErrno: errno)
        }
        if failure == nil && rename(temporary, path) != 0 {
            failure = SystemError.text(forErrno: errno)
        }
        if let failure {
            unlink(temporary)
            throw OutputError(reason: failure)
        }
    }
}
