import Foundation
import Glibc

/// Programs from outside the project that tests rely on (`make deps-test` installs them).
///
/// A missing tool is a failure, not a reason to skip: the test would otherwise pass without checking anything.
enum ExternalTool {
    /// The absolute path of `name` found on `$PATH`, or a failure naming the package that provides it.
    static func path(_ name: String, package: String) throws -> String {
        let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in search.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw TestFailure(
            "'\(name)' is not on PATH (\(search)): install \(package) (make deps-test does)")
    }

    /// Runs `python3 -c script arguments…` (the `python3` on `$PATH`).
    static func python(
        _ script: String, _ arguments: [String], in directory: TemporaryDirectory, timeout: Double = 20
    ) throws -> Subprocess {
        let python = try path("python3", package: "python3")
        return try Subprocess.run(
            python, ["-c", script] + arguments, in: directory, timeout: timeout)
    }

    /// Runs GDAL's `ogrinfo` with `arguments`; fails when it is missing or does not exit 0.
    static func ogrinfo(_ arguments: [String], in directory: TemporaryDirectory) throws -> String {
        let ogrinfo = try path("ogrinfo", package: "the Debian package gdal-bin")
        let run = try Subprocess.run(ogrinfo, arguments, in: directory, timeout: 20)
        guard run.status == .exited(0) else {
            throw TestFailure("ogrinfo \(arguments.joined(separator: " ")) failed: \(run.summary)")
        }
        return run.stdout
    }
}
