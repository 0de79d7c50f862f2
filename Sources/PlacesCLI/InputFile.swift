import Glibc
import PlacesClient
import PlacesSystem

/// Reads a whole input file, or standard input for `-`.
enum InputFile {
    /// The size of each read.
    static let chunkSize = 1 << 20

    /// The contents of `path` (`-`: standard input); `progress` hears the bytes read so far and, for a regular
    /// file, its size.
    static func read(_ path: String, progress: (Int, Int?) -> Void) throws(InputError) -> [UInt8] {
        try read(path, limit: nil, progress: progress)
    }

    /// The first `limit` bytes of `path` (`-`: standard input), and one more if there are more: enough to tell
    /// that a key file is too long without reading all of whatever it is (`/dev/zero`).
    static func read(_ path: String, atMost limit: Int) throws(InputError) -> [UInt8] {
        try read(path, limit: limit + 1) { _, _ in }
    }

    private static func read(
        _ path: String, limit: Int?, progress: (Int, Int?) -> Void
    ) throws(InputError) -> [UInt8] {
        guard path != "-" else {
            return try read(.standardInput, limit: limit, progress: progress)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(reason: SystemError.text(forErrno: errno)) }
        let file = FileDescriptor(rawValue: fd)
        defer { file.close() }
        return try read(file, limit: limit, progress: progress)
    }

    private static func read(
        _ file: FileDescriptor, limit: Int?, progress: (Int, Int?) -> Void
    ) throws(InputError) -> [UInt8] {
        var status = stat()
        var total: Int?
        if fstat(file.rawValue, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw InputError(reason: SystemError.text(forErrno: EISDIR))
            }
            if status.st_mode & S_IFMT == S_IFREG {
                total = Int(status.st_size)
            }
        }
        let ceiling = limit ?? Int.max
        var contents: [UInt8] = []
        contents.reserveCapacity(min(total ?? chunkSize, ceiling))
        var chunk = [UInt8](repeating: 0, count: min(chunkSize, ceiling))
        while contents.count < ceiling {
            let wanted = min(chunk.count, ceiling - contents.count)
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
                }
            }
            let count: Int
            switch outcome {
            case .success(let read?): count = read
            case .success(nil):
                // Standard input may be a non-blocking descriptor someone handed over.
                _ = try? ReadinessWait.readable([file], timeoutMilliseconds: -1)
                continue
            case .failure(let error): throw InputError(reason: error.reason)
            }
            if count == 0 {
                return contents
            }
            contents.append(contentsOf: chunk[..<count])
            progress(contents.count, total)
        }
        return contents
    }
}
