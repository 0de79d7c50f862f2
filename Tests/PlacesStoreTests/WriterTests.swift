import Dispatch
import Foundation
import PlacesModel
import PlacesPersistence
import Synchronization
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct WriterTests {
    let directory = TemporaryDirectory()

    @Test func concurrentSubmitsAreGroupCommitted() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        let threads = 8
        let perThread = 250
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                store.submit(.add(draft("t\(thread)-\(index)")), owner: UInt32(thread % 3)) { results.append($0) }
            }
        }
        let outcomes = results.wait(for: threads * perThread)
        #expect(outcomes.allSatisfy { (try? $0.get()) != nil })
        let snapshot = store.snapshot()
        #expect(snapshot.count == threads * perThread)
        #expect(snapshot.revision == Int64(threads * perThread))
        #expect((0..<3).map { snapshot.revision(of: $0) }.reduce(0, +) == Int64(threads * perThread))
        #expect(store.committedTransactionCount < threads * perThread)
        // Each thread's places keep its submission order within the owner's list.
        let names = snapshot.places(of: 0).map(\.name).filter { $0.hasPrefix("t0-") }
        #expect(names == (0..<perThread).map { "t0-\($0)" })
        store.close()
        #expect(try openStore(path).snapshot().count == threads * perThread)
    }

    @Test func heldWriterCommitsEverythingWaitingInOneTransaction() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let gate = WriterGate()
        gate.hold(store, with: .add(draft("first")), owner: 1)
        let before = store.committedTransactionCount
        let results = Results()
        for index in 0..<50 {
            store.submit(.add(draft("p\(index)")), owner: 1) { results.append($0) }
        }
        gate.open()
        _ = results.wait(for: 50)
        #expect(store.committedTransactionCount == before + 1)
        #expect(store.snapshot().count == 51)
    }

    @Test func observerSeesCommittedChangesInOrderBeforeCompletions() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let seen = Mutex<[PlaceChange]>([])
        store.setChangeObserver { changes in seen.withLock { $0 += changes } }
        let a = try store.perform(.add(draft("a")), owner: 1).place
        _ = try store.perform(.add(draft("b")), owner: 2)
        _ = try store.perform(.update(a.id, rename("a"), ifVersion: nil), owner: 1)  // changes nothing
        #expect(throws: StoreError.self) { try store.perform(.remove(a.id, ifVersion: 9), owner: 1) }
        let updated = try store.perform(.update(a.id, rename("a2"), ifVersion: nil), owner: 1).place
        _ = try store.perform(.remove(a.id, ifVersion: nil), owner: 1)
        let changes = seen.withLock { $0 }
        #expect(changes.map(\.kind) == [.added, .added, .updated, .removed])
        #expect(changes.map(\.storeRevision) == [1, 2, 3, 4])
        #expect(changes.map(\.revision) == [1, 1, 2, 3])
        #expect(changes[2].place == updated)
        #expect(changes[3].place == updated)
        store.setChangeObserver(nil)
        _ = try store.perform(.add(draft("c")), owner: 1)
        #expect(seen.withLock { $0.count } == 4)
    }

    @Test func acknowledgedChangesSurviveACrash() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        defer { store.close() }
        for index in 0..<20 {
            _ = try store.perform(.add(draft("p\(index)")), owner: 1)
        }
        let expected = store.snapshot()
        // Copy the files as they are on disk now (WAL included, not checkpointed), as if the process had died.
        let copy = directory.file("copy.sqlite")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        let recovered = try openStore(copy)
        defer { recovered.close() }
        #expect(recovered.snapshot().allPlaces() == expected.allPlaces())
        #expect(recovered.snapshot().revision == expected.revision)
    }

    @Test func filesArePrivate() throws {
        let path = directory.file("state/placesd/places.sqlite")
        let store = try openStore(path)
        defer { store.close() }
        _ = try store.perform(.add(draft("a")), owner: 1)
        #expect(try permissions(of: directory.file("state")) == 0o700)
        #expect(try permissions(of: directory.file("state/placesd")) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(try permissions(of: path + suffix) == 0o600, "\(suffix)")
        }
    }
}
