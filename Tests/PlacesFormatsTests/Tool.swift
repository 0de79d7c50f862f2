import Foundation

/// Runs the programs that read our KML (GDAL's `ogr2ogr` and `ogrinfo`, `gpsbabel`), which `make deps-test`
/// installs: a missing one fails the test that needs it.
enum Tool {
    /// A program that is missing or failed.
    struct Failure: Error, CustomStringConvertible {
        /// What happened.
        let description: String
    }

    /// Runs `/usr/bin/program arguments…` in `directory` and returns its standard output; a non-zero exit is a
    /// failure carrying its standard error (kept in a file there, so that no pipe fills up).
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in directory: URL, package: String) throws -> String {
        let path = "/usr/bin/" + program
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: install the Debian package \(package) (make deps-test)")
        }
        let errorFile = directory.appendingPathComponent("\(program).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let error = try FileHandle(forWritingTo: errorFile)
        defer { try? error.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: "\(program) \(arguments) exited \(process.terminationStatus): \(errorText)")
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// A new directory for one test's files; the test removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("placesd-kml-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
