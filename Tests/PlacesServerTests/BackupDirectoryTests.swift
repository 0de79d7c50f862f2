import Foundation
import Glibc
import Testing

@testable import PlacesServer

/// The names `server.backup` gives in a directory, and which of them pruning removes.
struct BackupDirectoryTests {
    @Test func aNewBackupIsNamedByItsUTCTimeAndNumberedWhenTheNameIsTaken() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/backup-names-\(getpid())"
        mkdir(directory, 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = BackupDirectory.newPath(in: directory, at: 1_767_323_045)
        #expect(first == directory + "/places-20260102T030405Z.sqlite")
        _ = FileManager.default.createFile(atPath: first, contents: Data())
        let second = BackupDirectory.newPath(in: directory, at: 1_767_323_045)
        #expect(second == directory + "/places-20260102T030405Z-2.sqlite")
        _ = FileManager.default.createFile(atPath: second, contents: Data())
        #expect(
            BackupDirectory.newPath(in: directory + "/", at: 1_767_323_045).hasSuffix(
                "/places-20260102T030405Z-3.sqlite"))
        // Pruning took the first of that second away: the next is still numbered after the last, so that it
        // sorts as the newest and the next prune keeps it.
        try FileManager.default.removeItem(atPath: first)
        let third = BackupDirectory.newPath(in: directory, at: 1_767_323_045)
        #expect(third == directory + "/places-20260102T030405Z-3.sqlite")
        _ = FileManager.default.createFile(atPath: third, contents: Data())
        let (removed, _) = try BackupDirectory.prune(directory, keeping: 1)
        #expect(removed == [second])
    }

    @Test func pruningKeepsTheNewestAndTouchesNothingElse() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/backup-prune-\(getpid())"
        mkdir(directory, 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let names = [
            "places-20250101T000000Z.sqlite", "places-20260101T000000Z.sqlite", "places-20260101T000000Z-2.sqlite",
            "places-20260101T000000Z-10.sqlite", "places-x.sqlite", "places-20260101T000000Z.sqlite-journal",
            ".places-20240101T000000Z.sqlite.partial-1", "other.sqlite",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data()) }
        let (removed, failures) = try BackupDirectory.prune(directory, keeping: 2)
        #expect(failures.isEmpty)
        #expect(
            removed == [directory + "/places-20260101T000000Z.sqlite", directory + "/places-20250101T000000Z.sqlite"])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(Set(left) == Set(names).subtracting(removed.map { ($0 as NSString).lastPathComponent }))
    }

    @Test func onlyTheDaemonsOwnNamesAreBackups() {
        #expect(BackupDirectory.order(of: "places-20260101T000000Z.sqlite")! == ("20260101T000000Z", 1))
        #expect(BackupDirectory.order(of: "places-20260101T000000Z-7.sqlite")! == ("20260101T000000Z", 7))
        for name in [
            "places-20260101T000000Z-1.sqlite", "places-2026010T1000000Z.sqlite", "places-20260101T000000Z.db",
            "places-20260101T000000Z-x.sqlite", "places-.sqlite",
        ] {
            #expect(BackupDirectory.order(of: name) == nil, "\(name)")
        }
    }
}
