import Foundation
import PlacesModel
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// `SQLiteRestore`: a restored store serves what the backup held; anything refused is refused before the
/// database at the target is touched.
@Suite struct RestoreTests {
    let directory = TemporaryDirectory()
    let now = Timestamp(millisecondsSinceEpoch: 1_796_418_900_000)  // 2026-12-04T21:15:00Z

    /// Makes a store at `name` with `count` places (sealed with `key` if given), backs it up to `name.backup`,
    /// and returns the backup's path and the store's contents.
    private func makeBackup(
        _ name: String, count: Int, key: StoreKey? = nil
    ) throws -> (path: String, contents: StoreContents) {
        let source = directory.file(name)
        let store = try openStore(source, options: options(key: key))
        defer { store.close() }
        try addPlaces(to: store, count: count, owners: [1, 5])
        let backup = directory.file(name + ".backup")
        _ = try SQLiteBackup.copy(databaseAt: source, to: backup)
        return (backup, StoreContents(store.snapshot()))
    }

    /// The contents of the store at `path`, opened with `key`.
    private func contents(at path: String, key: StoreKey? = nil) throws -> StoreContents {
        let store = try openStore(path, options: options(key: key))
        defer { store.close() }
        return StoreContents(store.snapshot())
    }

    @Test func restoreIntoANewPathServesTheBackup() throws {
        let backup = try makeBackup("a.sqlite", count: 25)
        let target = directory.file("restored/places.sqlite")
        let outcome = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: false, key: nil, now: now)
        #expect(outcome.keptDatabase == nil)
        #expect(outcome.backup.contents.placeCount == 25)
        #expect(try permissions(of: target) == 0o600)
        #expect(try contents(at: target) == backup.contents)
        #expect(!directory.contents().contains { $0.contains(".partial-") })
    }

    @Test func nonEmptyTargetIsRefusedUnlessReplacedAndThenKept() throws {
        let backup = try makeBackup("a.sqlite", count: 10)
        let target = directory.file("b.sqlite")
        let old = try openStore(target)
        try addPlaces(to: old, count: 3, owners: [9])
        let oldContents = StoreContents(old.snapshot())
        old.close()
        let before = bytes(of: target)
        let error = try #require(throws: BackupError.self) {
            try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: false, key: nil, now: now)
        }
        #expect(
            error.description
                == "Failed to restore '\(backup.path)' into '\(target)': '\(target)' holds 3 places; replace it to keep it aside and restore"
        )
        #expect(bytes(of: target) == before)
        let outcome = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: nil, now: now)
        let kept = target + ".before-restore-20261204T211500Z"
        #expect(outcome.keptDatabase == kept)
        #expect(try contents(at: target) == backup.contents)
        #expect(try contents(at: kept) == oldContents)
        // The same second again: the kept name gets a number rather than replacing the first one kept.
        let again = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: nil, now: now)
        #expect(again.keptDatabase == kept + "-2")
    }

    @Test func databaseInUseIsRefused() throws {
        let backup = try makeBackup("a.sqlite", count: 2)
        let target = directory.file("b.sqlite")
        let running = try openStore(target)
        defer { running.close() }
        let error = try #require(throws: BackupError.self) {
            try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: nil, now: now)
        }
        #expect(error.reason == "'\(target)' is in use by a running placesd")
        #expect(running.snapshot().count == 0)
        #expect(!directory.contents().contains { $0.contains("before-restore") || $0.contains(".partial-") })
    }

    @Test func sealedBackupNeedsItsKeyBeforeAnythingIsReplaced() throws {
        let backup = try makeBackup("a.sqlite", count: 4, key: fixedKey(1))
        let target = directory.file("b.sqlite")
        let old = try openStore(target)
        try addPlaces(to: old, count: 2, owners: [1])
        old.close()
        let before = bytes(of: target)
        let refusals = [
            (nil, "the backup is sealed, and no store key is configured"),
            (fixedKey(2), "the backup is sealed with a different key than the one configured"),
        ]
        for (key, reason) in refusals {
            let error = try #require(throws: BackupError.self) {
                try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: key, now: now)
            }
            #expect(error.reason == reason)
            #expect(bytes(of: target) == before)
            #expect(!directory.contents().contains { $0.contains("before-restore") })
        }
        _ = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: fixedKey(1), now: now)
        #expect(try contents(at: target, key: fixedKey(1)) == backup.contents)
    }

    /// A backup in an older format (schema version 1, as the first release wrote its database) is inspected and
    /// restored as it is; the store migrates it when it opens it, keeping every place, order and revision.
    @Test func backupOfAnOlderFormatIsRestoredAndMigratedWhenOpened() throws {
        let backup = directory.file("version-1.sqlite")
        try makeVersionOneDatabase(at: backup)
        let info = try BackupInfo.inspect(path: backup)
        #expect(info.isIntact && info.contents.formatVersion == 1)
        #expect(info.contents.revision == 5 && info.contents.placesByOwner == [1: 2, 2: 1])
        let target = directory.file("restored.sqlite")
        _ = try SQLiteRestore.restore(backupAt: backup, to: target, replace: false, key: nil, now: now)
        let restored = try BackupInfo.inspect(path: target)
        #expect(restored.contents.formatVersion == 1, "the file is restored as the backup holds it")
        do {
            let store = try openStore(target)
            defer { store.close() }
            let snapshot = store.snapshot()
            #expect(snapshot.revision == 5 && snapshot.revision(of: 1) == 4 && snapshot.revision(of: 2) == 1)
            #expect(snapshot.places(of: 1).map(\.name) == ["a", "b"])
            #expect(snapshot.places(of: 2).map(\.name) == ["c"])
            #expect(snapshot.places(of: 1).map(\.version) == [1, 3])
        }
        #expect(try BackupInfo.inspect(path: target).contents.formatVersion == Schema.latestVersion)
    }

    @Test(
        "Run as root, the restored file belongs to the owner of the database it replaces, or of its directory",
        .enabled(if: geteuid() == 0, "chown to another user needs root"))
    func restoredFileKeepsTheDaemonsOwner() throws {
        let backup = try makeBackup("a.sqlite", count: 3)
        let owned = directory.file("state")
        #expect(mkdir(owned, 0o700) == 0 && chown(owned, 65_534, 65_534) == 0)
        let target = owned + "/places.sqlite"
        _ = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: false, key: nil, now: now)
        #expect(try owner(of: target) == [65_534, 65_534])
        #expect(chown(target, 4_242, 4_343) == 0)
        _ = try SQLiteRestore.restore(backupAt: backup.path, to: target, replace: true, key: nil, now: now)
        #expect(try owner(of: target) == [4_242, 4_343])
        #expect(try contents(at: target) == backup.contents)
    }

    /// The uid and gid that own `path`.
    private func owner(of path: String) throws -> [UInt32] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return [status.st_uid, status.st_gid]
    }
}
