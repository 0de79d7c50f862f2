import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// The fault VFS and its triggers, and the fault-free behaviour of the fixture the other storage-fault tests use.
@Suite struct StorageFaultVFSTests {
    @Test func modelFollowsAcknowledgedChangesAndSurvivesReopening() throws {
        let fixture = try FaultyStore()
        try fixture.seed()
        let first = fixture.places(of: 1)[0]
        let outcomes = fixture.commit([
            (.update(first.id, rename("renamed"), ifVersion: nil), 1),
            (.move(first.id, toIndex: 2, ifVersion: nil), 1),
            (.remove(fixture.places(of: 2)[1].id, ifVersion: nil), 2),
            (.importPlaces([PlaceImport(id: nil, draft: draft("imported"))]), 3),
            (.remove(PlaceID.random(), ifVersion: nil), 1),
        ])
        #expect(outcomes.filter { (try? $0.get()) != nil }.count == 4)
        #expect(fixture.places(of: 1).map(\.name) == ["place 1-1", "place 1-2", "renamed", "place 1-3"])
        #expect(fixture.memoryMatchesModel)
        #expect(try fixture.crashImage() == fixture.model)
        #expect(try fixture.reopen() == fixture.model)
        #expect(fixture.faults.injectedStorageFaultCount == 0)
    }

    @Test func triggersCountTheOperationsTheyMatch() {
        let faults = FaultInjection()
        faults.failStorage(.writeFails(.wal), at: .call(2))
        faults.failStorage(.syncFails(.anyFile), at: .fromCall(2))
        faults.failStorage(.shortWrite(.database), at: .everyCall)
        var struck: [FaultInjection.StorageFault?] = []
        for _ in 0..<3 {
            struck.append(faults.storageFault(for: .write, on: .wal))
            struck.append(faults.storageFault(for: .sync, on: .database))
            struck.append(faults.storageFault(for: .write, on: .database))
            struck.append(faults.storageFault(for: .read, on: .wal))
        }
        #expect(
            struck == [
                nil, nil, .shortWrite(.database), nil,
                .writeFails(.wal), .syncFails(.anyFile), .shortWrite(.database), nil,
                nil, .syncFails(.anyFile), .shortWrite(.database), nil,
            ])
        #expect(faults.injectedStorageFaultCount == 6)
        faults.disarmStorageFaults()
        #expect(faults.storageFault(for: .sync, on: .wal) == nil)
        #expect(faults.storageFault(for: .write, on: .database) == nil)
        #expect(faults.storageFault(for: .write, on: .other) == nil)
    }

    @Test func onlyStoresWithFaultInjectionOpenThroughTheVFS() throws {
        let directory = TemporaryDirectory()
        let faulty = directory.file("faulty.sqlite")
        let plain = directory.file("plain.sqlite")
        let faults = FaultInjection()
        let clock = TestClock()
        let store = try FaultyStore.open(faulty, faults: faults, clock: clock)
        #expect(SQLiteVFSRoutes.vfs(forDatabaseAt: faulty) == FaultVFS.name)
        let other = try FaultyStore.open(plain, faults: nil, clock: clock)
        #expect(SQLiteVFSRoutes.vfs(forDatabaseAt: plain) == nil)
        faults.failStorage(.writeFails(.anyFile))
        _ = try other.perform(.add(draft("plain")), owner: 1)
        #expect(faults.injectedStorageFaultCount == 0)
        #expect(throws: StoreError.self) { try store.perform(.add(draft("faulty")), owner: 1) }
        #expect(faults.injectedStorageFaultCount > 0)
        store.close()
        other.close()
        let reopened = try FaultyStore.open(faulty, faults: nil, clock: clock)
        defer { reopened.close() }
        #expect(SQLiteVFSRoutes.vfs(forDatabaseAt: faulty) == nil)
        _ = try reopened.perform(.add(draft("after")), owner: 1)
    }
}
