import Foundation

/// A fresh directory under /tmp, removed when the value is deinitialized.
final class TemporaryDirectory {
    /// The directory's path.
    let path: String

    /// Creates the directory.
    init() {
        var template = Array("/tmp/placesstore-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else { preconditionFailure("mkdtemp failed") }
        path = made
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The names in the directory, sorted.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
