import Dispatch
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesLocking
@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore

/// The change log a resuming watcher reads (`PlaceStore.history`): every committed change, in order, bounded.
@Suite struct ChangeLogTests {
    let directory = TemporaryDirectory()

    @Test func theLogHoldsEveryChangeForItsOwnerAndForAll() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let a = try store.perform(.add(draft("A")), owner: 1000).place
        _ = try store.perform(.add(draft("B")), owner: 1001)
        let c = try store.perform(.add(draft("C")), owner: 1000).place
        _ = try store.perform(.update(a.id, rename("A2"), ifVersion: nil), owner: 1000)
        _ = try store.perform(.move(c.id, toIndex: 0, ifVersion: nil), owner: 1000)
        _ = try store.perform(.remove(a.id, ifVersion: nil), owner: 1000)

        guard case .changes(let mine, let through) = try history(of: store, after: 1, owner: 1000) else {
            Issue.record("no changes")
            return
        }
        #expect(through == 5)
        #expect(mine.map(\.kind) == [.added, .updated, .moved, .removed])
        #expect(mine.map(\.revision) == [2, 3, 4, 5])
        #expect(mine.map(\.storeRevision) == [3, 4, 5, 6])
        #expect(mine[1].place.name == "A2")
        #expect(mine[3].place.id == a.id)

        guard case .changes(let all, let storeThrough) = try history(of: store, after: 0, owner: nil) else {
            Issue.record("no changes")
            return
        }
        #expect(storeThrough == 6)
        #expect(all.map(\.storeRevision) == [1, 2, 3, 4, 5, 6])
        #expect(all[1].place.owner == 1001)
        #expect(try history(of: store, after: 5, owner: 1000) == .changes([], through: 5))
        #expect(try history(of: store, after: 7, owner: 1000) == .ahead(current: 5))
    }

    @Test func theLogOutlivesARestart() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        let added = try store.perform(.add(draft("A")), owner: 1000).place
        store.close()
        let reopened = try openStore(path)
        defer { reopened.close() }
        _ = try reopened.perform(.update(added.id, rename("B"), ifVersion: nil), owner: 1000)
        guard case .changes(let changes, _) = try history(of: reopened, after: 0, owner: 1000) else {
            Issue.record("no changes")
            return
        }
        #expect(changes.map(\.place.name) == ["A", "B"])
    }

    @Test func theLogKeepsOnlyTheNewestChanges() throws {
        var options = OpeningOptions()
        options.changeLogLimits = ChangeLogLimits(maximumEntries: 5, maximumAgeSeconds: 3_600)
        let store = try openStore(directory.file("places.sqlite"), options: options)
        defer { store.close() }
        for number in 1...10 {
            _ = try store.perform(.add(draft("place \(number)")), owner: 1000)
        }
        #expect(try history(of: store, after: 4, owner: 1000) == .pruned(oldestRevision: 6))
        #expect(try history(of: store, after: 0, owner: nil) == .pruned(oldestRevision: 6))
        guard case .changes(let changes, 10) = try history(of: store, after: 5, owner: 1000) else {
            Issue.record("no changes")
            return
        }
        #expect(changes.map(\.revision) == [6, 7, 8, 9, 10])
        let rows = try withDatabase(at: store.path) { try $0.integer("SELECT count(*) FROM changes") }
        #expect(rows == 5)
    }

    @Test func aLogOfOtherOwnersOnlySaysHowFarItReaches() throws {
        var options = OpeningOptions()
        options.changeLogLimits = ChangeLogLimits(maximumEntries: 2, maximumAgeSeconds: 3_600)
        let store = try openStore(directory.file("places.sqlite"), options: options)
        defer { store.close() }
        _ = try store.perform(.add(draft("mine")), owner: 1000)
        _ = try store.perform(.add(draft("theirs")), owner: 1001)
        _ = try store.perform(.add(draft("theirs too")), owner: 1001)
        #expect(try history(of: store, after: 0, owner: 1000) == .pruned(oldestRevision: 2))
        #expect(try history(of: store, after: 1, owner: 1000) == .changes([], through: 1))
    }

    @Test func aSealedLogHoldsNoPlaintextAndOpensWithTheKey() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path, options: options(key: fixedKey(3)))
        let added = try store.perform(.add(SecretPlace(0).draft), owner: 1).place
        _ = try store.perform(.remove(added.id, ifVersion: nil), owner: 1)
        guard case .changes(let changes, _) = try history(of: store, after: 0, owner: 1) else {
            Issue.record("no changes")
            store.close()
            return
        }
        #expect(changes.map(\.place) == [added, added])
        store.close()
        let rows = try withDatabase(at: path) { connection in
            try connection.texts(
                "SELECT count(*) || ' ' || sum(sealed IS NULL) || ' ' || sum(name != '' OR description != '' "
                    + "OR latitude != 0 OR longitude != 0) FROM changes")
        }
        #expect(rows == ["2 0 0"])
        #expect(leaks(of: [SecretPlace(0)], in: path).isEmpty)
    }

    @Test func sealingAPlaintextStoreEmptiesTheLog() throws {
        let path = directory.file("places.sqlite")
        let plain = try openStore(path)
        _ = try plain.perform(.add(SecretPlace(1).draft), owner: 1)
        plain.close()
        let sealed = try openStore(path, options: options(key: fixedKey(4)))
        defer { sealed.close() }
        #expect(try history(of: sealed, after: 0, owner: 1) == .pruned(oldestRevision: 2))
        #expect(leaks(of: [SecretPlace(1)], in: path).isEmpty)
    }

    /// What `store.history` hands its body, waited for.
    private func history(of store: PlaceStore, after revision: Int64, owner: UserID?) throws -> ChangeHistory {
        let result = Locked<Result<ChangeHistory, StoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        store.history(after: revision, of: owner) { history in
            result.withLock { $0 = history }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
