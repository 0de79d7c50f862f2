import Foundation
import Glibc

/// Where the built `placesd` and `placesctl` are.
enum Binaries {
    /// `$PLACESD_BIN_DIR` if set, else the directory holding the running test bundle (SwiftPM's build directory).
    static let directory: String = {
        if let directory = ProcessInfo.processInfo.environment["PLACESD_BIN_DIR"], !directory.isEmpty {
            return directory
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On Linux the bundle is an executable directly in the build directory; allow a bundle directory too.
        if url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The path of `placesd`, or a failure that says where it was looked for.
    static func placesd() throws -> String {
        try require("placesd")
    }

    /// The path of `placesctl`, or a failure that says where it was looked for.
    static func placesctl() throws -> String {
        try require("placesctl")
    }

    private static func require(_ name: String) throws -> String {
        let path = directory + "/" + name
        guard access(path, X_OK) == 0 else {
            throw TestFailure(
                "No executable '\(path)': build the package first (swift build), or set PLACESD_BIN_DIR to the "
                    + "directory holding placesd and placesctl")
        }
        return path
    }
}
