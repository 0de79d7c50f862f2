import Foundation
import PlacesModel
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// `BackupInfo.inspect` reads a backup without changing it, and refuses what is not a usable placesd database
/// with the reasons the daemon gives.
@Suite struct BackupInfoTests {
    let directory = TemporaryDirectory()

    /// A backup of a store holding `count` places of owners 1 and 2 (sealed with `key` if given), at `name`.
    private func makeBackup(_ name: String = "backup.sqlite", count: Int = 40, key: StoreKey? = nil) throws -> String {
        let source = directory.file("source-" + name)
        let store = try openStore(source, options: options(key: key))
        try addPlaces(to: store, count: count, owners: [1, 2], descriptionLength: 500)
        let target = directory.file(name)
        _ = try SQLiteBackup.copy(databaseAt: source, to: target)
        store.close()
        return target
    }

    @Test func infoReportsTheContentsAndChangesNothing() throws {
        let path = try makeBackup()
        let before = bytes(of: path)
        let names = directory.contents()
        let info = try BackupInfo.inspect(path: path)
        #expect(info.isIntact)
        #expect(info.contents.formatVersion == Schema.latestVersion)
        #expect(info.contents.revision == 40)
        #expect(info.contents.placesByOwner == [1: 20, 2: 20])
        #expect(!info.contents.isSealed)
        #expect(info.contents.byteCount == Int64(before!.count))
        #expect(bytes(of: path) == before)
        #expect(directory.contents() == names)
        let sealed = try BackupInfo.inspect(path: makeBackup("sealed.sqlite", key: fixedKey(3)))
        #expect(sealed.contents.isSealed && sealed.contents.placeCount == 40)
    }

    @Test func truncatedFileIsRefused() throws {
        let path = try makeBackup(count: 400)
        let size = try #require(bytes(of: path)).count
        #expect(truncate(path, off_t(size / 2)) == 0)
        let error = try #require(throws: BackupError.self) { try BackupInfo.inspect(path: path) }
        #expect(error.description == "Failed to read backup '\(path)': database disk image is malformed")
        #expect(throws: BackupError.self) {
            try SQLiteRestore.restore(
                backupAt: path, to: directory.file("restored.sqlite"), replace: false, key: nil)
        }
        #expect(!directory.contents().contains("restored.sqlite"))
    }

    @Test func filesOfAnotherKindAreRefusedAsTheDaemonRefusesThem() throws {
        let text = directory.file("notes.txt")
        try Data(String(repeating: "not a database at all\n", count: 300).utf8).write(to: URL(fileURLWithPath: text))
        let foreign = directory.file("foreign.sqlite")
        try makeDatabase(at: foreign, "CREATE TABLE t (x)")
        let newer = directory.file("newer.sqlite")
        try makeDatabase(at: newer, "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 99")
        let empty = directory.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let cases = [
            (text, "file is not a database"),
            (foreign, "not a placesd database (it has no placesd application id)"),
            (newer, "schema version 99 is newer than this placesd supports (\(Schema.latestVersion))"),
            (empty, "not a placesd database (it is empty)"),
            (directory.file("absent.sqlite"), "No such file or directory (open '\(directory.file("absent.sqlite"))')"),
        ]
        for (path, reason) in cases {
            let error = try #require(throws: BackupError.self) { try BackupInfo.inspect(path: path) }
            #expect(error.description == "Failed to read backup '\(path)': \(reason)")
        }
        #expect(!directory.contents().contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
    }
}
