import Foundation
import PlacesLocking
import PlacesModel
import Synchronization
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// `SQLiteBackup` and `BackupInfo` on real files: a backup is one consistent snapshot of a store that keeps
/// committing, a complete self-contained file or nothing at all.
@Suite struct BackupTests {
    let directory = TemporaryDirectory()

    @Test func backupOfAnOpenStoreHoldsWhatItHasCommitted() throws {
        let source = directory.file("places.sqlite")
        let store = try openStore(source)
        try addPlaces(to: store, count: 30, owners: [1, 2, 3])
        let target = directory.file("backup.sqlite")
        let contents = try SQLiteBackup.copy(databaseAt: source, to: target)
        let expected = StoreContents(store.snapshot())
        store.close()
        #expect(contents.revision == expected.revision)
        #expect(contents.placeCount == 30 && contents.placesByOwner == nil)
        #expect(contents.formatVersion == Schema.latestVersion)
        #expect(!contents.isSealed)
        #expect(contents.byteCount == Int64(bytes(of: target)!.count))
        #expect(try permissions(of: target) == 0o600)
        // One self-contained file in rollback-journal mode (header bytes 18 and 19 are 1), nothing beside it.
        let header = [UInt8](bytes(of: target)!.prefix(20))
        #expect(header[18] == 1 && header[19] == 1)
        #expect(!directory.contents().contains { $0.hasPrefix("backup.sqlite-") || $0.hasPrefix(".") })
        let restored = try openStore(target)
        defer { restored.close() }
        #expect(StoreContents(restored.snapshot()) == expected)
    }

    @Test func backupWhileAWriterCommitsIsTheStoreAtItsRevision() throws {
        let source = directory.file("places.sqlite")
        let store = try openStore(source)
        try addPlaces(to: store, count: 300, owners: [1], descriptionLength: 2_000)
        // Locked, not Mutex: the loop below waits on it while the writer fills it, and ThreadSanitizer does not
        // see Mutex's futex.
        let states = Locked<[Int64: Set<PlaceID>]>([:])
        let stop = Atomic<Bool>(false)
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) {
            var ids = Set(store.snapshot().places(of: 1).map(\.id))
            states.withLock { $0[store.snapshot().revision] = ids }
            var index = 0
            while !stop.load(ordering: .relaxed) {
                index += 1
                guard let outcome = try? store.perform(.add(draft("writer \(index)")), owner: 1) else { return }
                ids.insert(outcome.place.id)
                let revision = store.snapshot().revision
                states.withLock { $0[revision] = ids }
            }
        }
        while states.withLock({ $0.count }) < 20 { usleep(1_000) }
        // One page per step: hundreds of steps, with commits between them.
        let target = directory.file("backup.sqlite")
        let contents = try SQLiteBackup.copy(databaseAt: source, to: target, pagesPerStep: 1)
        stop.store(true, ordering: .relaxed)
        writer.wait()
        let finalRevision = store.snapshot().revision
        store.close()
        let expected = try #require(states.withLock { $0[contents.revision] })
        #expect(contents.placeCount == expected.count)
        #expect(finalRevision > contents.revision)
        let restored = try openStore(target)
        defer { restored.close() }
        #expect(restored.snapshot().revision == contents.revision)
        #expect(Set(restored.snapshot().places(of: 1).map(\.id)) == expected)
    }

    @Test(.enabled(if: SmallFilesystem.isAvailable, "mounting a small tmpfs needs root"))
    func fullDiskLeavesNothingAndSaysSo() throws {
        let source = directory.file("places.sqlite")
        let store = try openStore(source)
        defer { store.close() }
        try addPlaces(to: store, count: 1_000, owners: [1], descriptionLength: 2_000)
        let filesystem = try SmallFilesystem(at: directory.file("small"), bytes: 1 << 20)
        defer { filesystem.unmount() }
        let target = filesystem.path + "/backup.sqlite"
        let error = try #require(throws: BackupError.self) { try SQLiteBackup.copy(databaseAt: source, to: target) }
        #expect(error.operation == "back up '\(source)' to '\(target)'")
        #expect(error.reason.contains("full") || error.reason.contains("No space left"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: filesystem.path) == [])
        // The store goes on.
        _ = try store.perform(.add(draft("after the failed backup")), owner: 1)
    }

    @Test(.enabled(if: SmallFilesystem.isAvailable, "mounting a small tmpfs needs root"))
    func readOnlyDirectoryIsRefusedByName() throws {
        let source = directory.file("places.sqlite")
        try openStore(source).close()
        let filesystem = try SmallFilesystem(at: directory.file("small"), bytes: 1 << 20)
        defer { filesystem.unmount() }
        // Root may write in any directory whatever its mode: a read-only mount refuses even root.
        #expect(mount("tmpfs", filesystem.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0)
        let target = filesystem.path + "/backup.sqlite"
        let error = try #require(throws: BackupError.self) { try SQLiteBackup.copy(databaseAt: source, to: target) }
        #expect(error.reason.hasPrefix("Read-only file system (create '\(filesystem.path)/.backup.sqlite.partial-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: filesystem.path) == [])
    }

    @Test func missingDirectoryOrSourceIsRefusedByName() throws {
        let source = directory.file("places.sqlite")
        try openStore(source).close()
        let target = directory.file("missing/backup.sqlite")
        let error = try #require(throws: BackupError.self) { try SQLiteBackup.copy(databaseAt: source, to: target) }
        #expect(error.description.hasPrefix("Failed to back up '\(source)' to '\(target)': No such file or directory"))
        let absent = directory.file("absent.sqlite")
        let other = try #require(throws: BackupError.self) {
            try SQLiteBackup.copy(databaseAt: absent, to: directory.file("b.sqlite"))
        }
        #expect(other.reason.contains("unable to open database file"))
        let foreign = directory.file("foreign.sqlite")
        try makeDatabase(at: foreign, "CREATE TABLE t (x)")
        let refused = try #require(throws: BackupError.self) {
            try SQLiteBackup.copy(databaseAt: foreign, to: directory.file("b.sqlite"))
        }
        #expect(refused.reason == "not a placesd database (it has no placesd application id)")
        // No temporary is left, and no backup (the source's `-wal` and `-shm` are SQLite's, as for any reader).
        #expect(directory.contents().filter { !$0.hasPrefix("places.sqlite") } == ["foreign.sqlite"])
    }

    @Test func backupOfASealedStoreHoldsNoPlaintext() throws {
        let places = (0..<20).map(SecretPlace.init)
        for key in [nil, fixedKey(7)] {
            let source = directory.file("places-\(key == nil).sqlite")
            let store = try openStore(source, options: options(key: key))
            for place in places { _ = try store.perform(.add(place.draft), owner: 1) }
            let target = directory.file("backup-\(key == nil).sqlite")
            let contents = try SQLiteBackup.copy(databaseAt: source, to: target)
            store.close()
            #expect(contents.isSealed == (key != nil))
            // The scan finds the plaintext backup's places, so finding none in the sealed one means something.
            #expect(leaks(of: places, in: target).isEmpty == (key != nil))
        }
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let dead = (4_000_000..<4_100_000).first { kill(pid_t($0), 0) != 0 && errno == ESRCH }!
        let own = getpid()
        let names = [
            ".backup.sqlite.partial-\(dead)", ".backup.sqlite.partial-\(dead)-journal", ".b.partial-\(own)",
            ".b.partial-1", ".x.partial-abc", "backup.sqlite",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: directory.file(name), contents: Data()) }
        let removed = try SQLiteBackup.removeStaleTemporaries(in: directory.path)
        #expect(removed == [".backup.sqlite.partial-\(dead)", ".backup.sqlite.partial-\(dead)-journal"])
        #expect(
            try SQLiteBackup.removeStaleTemporaries(in: directory.path, includingOwn: true) == [".b.partial-\(own)"])
        #expect(directory.contents() == [".b.partial-1", ".x.partial-abc", "backup.sqlite"])
    }
}

/// Adds `count` places to `store`, spread over `owners` in turn, with descriptions of `descriptionLength` bytes.
func addPlaces(to store: PlaceStore, count: Int, owners: [UserID], descriptionLength: Int = 10) throws {
    for index in 0..<count {
        let draft = try PlaceDraft(
            name: "place \(index)", description: String(repeating: "d", count: descriptionLength),
            latitude: Double(index % 90), longitude: Double(index % 180))
        _ = try store.perform(.add(draft), owner: owners[index % owners.count])
    }
}
