import Foundation

/// Runs the shells the completion scripts are written for.
enum Shell {
    /// The repository's root.
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// What a shell run printed and how it ended.
    struct Outcome {
        /// Standard output.
        let output: String
        /// Standard error.
        let error: String
        /// The exit status.
        let status: Int32
    }

    /// Runs `program arguments…` in `directory` with `environment` added; a missing program is a failure naming
    /// the Debian package to install (`make deps-test` does).
    static func run(
        _ program: String, _ arguments: [String], in directory: String = root, environment: [String: String] = [:]
    ) throws -> Outcome {
        let path = "/usr/bin/" + program
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ShellMissing(description: "\(path) is missing: install the Debian package \(program)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            output: String(decoding: outputData, as: UTF8.self), error: String(decoding: errorData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// A shell the tests need is not installed.
    struct ShellMissing: Error, CustomStringConvertible {
        /// What to install.
        let description: String
    }
}
