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
        guard path != "-" else {
            return try read(.standardInput, progress: progress)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(reason: SystemError.text(forErrno: errno)) }
        let file = FileDescriptor(rawValue: fd)
        defer { file.close() }
        return try read(file, progress: progress)
    }

    private static func read(_ file: FileDescriptor, progress: (Int, Int?) -> Void) throws(InputError) -> [UInt8] {
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
        var contents: [UInt8] = []
        contents.reserveCapacity(total ?? chunkSize)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try file.read(into: buffer) }
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
    }
}
