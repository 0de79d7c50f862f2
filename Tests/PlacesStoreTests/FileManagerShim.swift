import Foundation

/// File utilities the tests share.
enum FileManagerShim {
    /// Creates an empty file; false if it could not.
    static func createEmptyFile(at path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data())
    }

    /// Writes `data` to `path`, replacing what is there.
    static func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
    }
}
