import Foundation
import Glibc

/// A short-lived command run to completion with its output captured.
struct Subprocess {
    /// How it ended.
    let status: ExitStatus
    /// Everything it wrote to stdout.
    let stdout: String
    /// Everything it wrote to stderr.
    let stderr: String

    /// Runs `executable`, capturing its output in files in `directory`,, killing it after `timeout` seconds.
    static func run(
        _ executable: String, _ arguments: [String], in directory: TemporaryDirectory,
        environment: [String: String] = Spawn.cleanEnvironment(), stdin: String? = nil, timeout: Double = 10
    ) throws -> Subprocess {
        let name = UUID().uuidString
        let outPath = directory.file("\(name).out")
        let errPath = directory.file("\(name).err")
        var inPath: String?
        if let stdin {
            inPath = directory.file("\(name).in")
            try TemporaryDirectory.write(Array(stdin.utf8), to: inPath!)
        }
        defer {
            for path in [outPath, errPath, inPath].compactMap({ $0 }) { unlink(path) }
        }
        let pid = try Spawn.start(
            executable, arguments, environment: environment, stdin: inPath, stdout: outPath, stderr: errPath)
        guard let status = Spawn.wait(pid, timeout: timeout) else {
            Spawn.killAndReap(pid)
            throw TestFailure("'\(executable) \(arguments.joined(separator: " "))' did not finish in \(timeout) s")
        }
        let out = TemporaryDirectory.contents(of: outPath) ?? []
        let err = TemporaryDirectory.contents(of: errPath) ?? []
        return Subprocess(
            status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A one-line summary for expectation messages.
    var summary: String {
        "\(status); stdout: \(stdout.debugDescription); stderr: \(stderr.debugDescription)"
    }
}
