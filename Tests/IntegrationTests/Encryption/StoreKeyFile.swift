import Foundation
import Glibc

/// A random 32-byte store key written to a file, as `placesctl key generate` makes one.
struct StoreKeyFile {
    /// The key's bytes.
    let bytes: [UInt8]
    /// The file holding them.
    let path: String

    /// Writes a new random key to `name` in `directory` (mode 0600), raw or as base64 text.
    init(in directory: TemporaryDirectory, name: String, base64: Bool = false) throws {
        var generator = SystemRandomNumberGenerator()
        bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        path = directory.file(name)
        try TemporaryDirectory.write(base64 ? Array((Data(bytes).base64EncodedString() + "\n").utf8) : bytes, to: path)
        chmod(path, 0o600)
    }

    /// The key as `server.unlock` takes it.
    var base64: String { Data(bytes).base64EncodedString() }
}

/// Looks for bytes in a database file and its companions (`-wal`, `-shm`, `-journal`), as a hex dump would.
enum DiskScan {
    /// The files of the database at `path` that exist.
    static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"].filter(TemporaryDirectory.exists)
    }

    /// The files of the database at `path` that contain `needle`.
    static func filesContaining(_ needle: String, database path: String) -> [String] {
        let pattern = Array(needle.utf8)
        return files(of: path).filter { file in
            guard let bytes = TemporaryDirectory.contents(of: file) else { return false }
            return contains(bytes, pattern)
        }
    }

    /// Whether `bytes` contain `pattern`.
    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            guard let hit = bytes[index...last].firstIndex(of: first) else { return false }
            if bytes[hit..<hit + pattern.count].elementsEqual(pattern) { return true }
            index = hit + 1
        }
        return false
    }
}
