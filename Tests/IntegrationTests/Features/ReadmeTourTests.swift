import Foundation
import Testing

/// README.md's tour of placesctl, run as a reader would: each `$ ` line of its first console block, copied in
/// order into one bash, against a real daemon.
@Suite("README tour")
struct ReadmeTourTests {
    /// The commands of the tour's console block, without their `$ ` prompts.
    static func tourCommands() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = try #require(readme.range(of: "## A tour of placesctl"), "README.md has no tour")
        let afterTour = readme[tour.upperBound...]
        let start = try #require(afterTour.range(of: "```console\n"), "the tour has no console block")
        let block = afterTour[start.upperBound...]
        let end = try #require(block.range(of: "```"), "the tour's console block does not end")
        return block[..<end.lowerBound].split(separator: "\n").compactMap { line in
            line.hasPrefix("$ ") ? String(line.dropFirst(2)) : nil
        }
    }

    @Test func everyCommandOfTheTourWorksAsWritten() throws {
        let commands = try Self.tourCommands()
        #expect(commands.count >= 8, "\(commands)")
        let bash = try ExternalTool.path("bash", package: "bash")
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var environment = Spawn.cleanEnvironment()
        environment["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        environment["PLACES_SOCKET"] = daemon.socketPath
        // One shell, as a reader's terminal: a variable set by one line is there for the next; the first
        // failing line stops it and is named.
        let script =
            "set -e -o pipefail\ntrap 'echo \"README tour: failed: $BASH_COMMAND\" >&2' ERR\ncd \"$1\"\n"
            + commands.map { "\($0)\n" }.joined()
        let run = try Subprocess.run(
            bash, ["-c", script, "bash", daemon.directory.path], in: daemon.directory, environment: environment,
            timeout: 60)
        #expect(run.status == .exited(0), "\(run.summary)")
        #expect(run.stderr.isEmpty, "\(run.summary)")
        #expect(run.stdout.contains("Added 'Eiffel Tower'") && run.stdout.contains("Removed 'Eiffel Tower'"))
        #expect(run.stdout.contains("Imported 0 places; skipped 3 (3 duplicates)."), "\(run.summary)")

        let after = try Subprocess.run(
            try Binaries.placesctl(), ["list", "--format", "tsv", "--fields", "name,visited"], in: daemon.directory,
            environment: environment)
        #expect(
            after.stdout
                == "name\tvisited\nEiffel Tower\ttrue\nBig Ben\tfalse\nKyoto\ttrue\n",
            "undo brought the Eiffel Tower back, and importing the three exported added no duplicate: \(after.summary)")
    }
}
