import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct ScaleTests {
    let directory = TemporaryDirectory()

    /// Adds `count` places to `owner`, many per batch.
    private func fill(_ store: PlaceStore, count: Int, owner: UserID) -> [Place] {
        let results = Results()
        for index in 0..<count {
            store.submit(.add(draft("p\(index)")), owner: owner) { results.append($0) }
        }
        return results.wait(for: count).map { try! $0.get().place }
    }

    @Test func oldSnapshotsStayUnchangedWhileALargeListChanges() throws {
        let store = try openStore(directory.file("places.sqlite"))
        defer { store.close() }
        let added = fill(store, count: 20_000, owner: 1)
        let old = store.snapshot()
        let oldPlaces = Array(old.places(of: 1))
        var generator = SeededGenerator(seed: 3)
        let results = Results()
        for round in 0..<2_000 {
            let place = added[Int.random(in: 0..<added.count, using: &generator)]
            let mutation: Mutation =
                round % 2 == 0
                ? .update(place.id, rename("changed \(round)"), ifVersion: nil) : .remove(place.id, ifVersion: nil)
            store.submit(mutation, owner: 1) { results.append($0) }
            store.submit(.add(draft("new \(round)")), owner: 1) { results.append($0) }
        }
        _ = results.wait(for: 4_000)
        #expect(Array(old.places(of: 1)) == oldPlaces)
        #expect(old.count == 20_000)
        #expect(added.allSatisfy { old.place($0.id) == $0 })
        #expect(old.allPlaces() == old.places(of: 1))

        // The new snapshot agrees with itself, and with the disk.
        let new = store.snapshot()
        let newPlaces = Array(new.places(of: 1))
        #expect(newPlaces.count == new.count)
        #expect(newPlaces.indices.allSatisfy { new.index(of: newPlaces[$0].id) == $0 })
        #expect(newPlaces.allSatisfy { new.place($0.id) == $0 })
        store.close()
        let reopened = try openStore(directory.file("places.sqlite"))
        defer { reopened.close() }
        #expect(Array(reopened.snapshot().places(of: 1)) == newPlaces)
    }

    @Test func walIsCheckpointedBesideTheWriterAndStaysBounded() throws {
        let path = directory.file("places.sqlite")
        let store = try openStore(path)
        defer { store.close() }
        let sizeBefore = try fileSize(path)
        // One commit per add: each appends a few pages to the WAL, well past the background threshold.
        let big = try PlaceDraft(
            name: "big", description: String(repeating: "x", count: 2_000), latitude: 1, longitude: 2)
        for _ in 0..<1_500 {
            _ = try store.perform(.add(big), owner: 1)
        }
        // The checkpoint runs on its own thread; give it a moment.
        var grown = false
        for _ in 0..<100 where !grown {
            grown = try fileSize(path) > sizeBefore + 2_000_000
            if !grown { usleep(50_000) }
        }
        #expect(grown, "the database file never received the WAL's pages")
        #expect(try fileSize(path + "-wal") <= Int(Checkpointer.inlinePages + 100) * 4_096)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
