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
    static func contents(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
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
