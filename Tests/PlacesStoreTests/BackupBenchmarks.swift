import Foundation
import Testing

@testable import PlacesSQLite

/// `SQLiteBackup` of an existing database against `sqlite3 SOURCE ".backup OUT"` on the same file, three runs of
/// each, for several step sizes; run only when `PLACESD_BACKUP_BENCH` names the database to copy, and it prints
/// figures rather than assert any.
@Suite(
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["PLACESD_BACKUP_BENCH"] != nil, "PLACESD_BACKUP_BENCH is unset"))
struct BackupBenchmarks {
    let directory = TemporaryDirectory()

    private func seconds(_ duration: Duration) -> String {
        String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// Copies with the sqlite3 shell, as the reference.
    private func shellBackup(_ source: String, _ target: String) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [source, ".backup '\(target)'"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
    }

    @Test func backupAgainstTheSQLiteShell() throws {
        let source = try #require(ProcessInfo.processInfo.environment["PLACESD_BACKUP_BENCH"])
        let target = directory.file("backup.sqlite")
        let clock = ContinuousClock()
        for run in 1...3 {
            try? FileManager.default.removeItem(atPath: target)
            let shell = try clock.measure { try shellBackup(source, target) }
            print("run \(run): sqlite3 .backup \(seconds(shell))")
            for pagesPerStep: Int32 in [100, 1_024, 4_096, -1] {
                // Both copies start with no file at the target: replacing one would time its unlinking too.
                try FileManager.default.removeItem(atPath: target)
                let copy = try clock.measure {
                    _ = try SQLiteBackup.copy(databaseAt: source, to: target, pagesPerStep: pagesPerStep)
                }
                print("run \(run): SQLiteBackup, \(pagesPerStep) pages per step: \(seconds(copy))")
            }
        }
    }
}
