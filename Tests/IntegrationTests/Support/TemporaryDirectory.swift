import Foundation
import Glibc

/// A fresh directory under `/tmp`, removed with everything in it by `remove()`.
final class TemporaryDirectory: Sendable {
    /// The directory's absolute path (short, so socket paths fit in `sun_path`).
    let path: String

    /// Creates `/tmp/placesd-it.XXXXXX` with mode 0700.
    init() throws {
        var template = Array("/tmp/placesd-it.XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestFailure("mkdtemp: \(RawConnection.errnoText())")
        }
        path = String(cString: result)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Removes the directory and its contents; failures are ignored (nothing else can be done in a `defer`).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The contents of a file, or nil if it cannot be read.
    ///
    /// Read with open/read rather than `FileManager.contents(atPath:)`, which leaks a 4 KiB buffer per call in
    /// this toolchain's Foundation (AddressSanitizer's leak check reported one for every call).
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return contents }
            contents += chunk[..<count]
        }
    }

    /// Writes `bytes` to a new file at `path` (replacing any), or throws.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw TestFailure("Cannot write '\(path)'")
        }
    }

    /// Whether something exists at `path` (a dangling socket file counts).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
