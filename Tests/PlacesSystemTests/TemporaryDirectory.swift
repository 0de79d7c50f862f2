import Glibc

/// A fresh directory under /tmp, removed with everything in it when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/places-system-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(cString: created!)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        TemporaryDirectory.removeTree(path)
    }

    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    }
}
