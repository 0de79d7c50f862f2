import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct PlaceIndexTests {
    /// `count` random ids, each at a location derived from its offset.
    private func entries(_ count: Int, seed: UInt64) -> [(PlaceID, PlaceLocation)] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { offset in
            (PlaceID.random(using: &generator), PlaceLocation(owner: UInt32(offset % 3), position: Int64(offset)))
        }
    }

    @Test(arguments: [0, 1, 64, 65, 5_000, 100_000])
    func findsWhatWasInsertedAndForgetsWhatWasRemoved(count: Int) {
        let all = entries(count, seed: UInt64(count))
        var index = PlaceIndex()
        for (id, location) in all {
            index[id] = location
        }
        #expect(index.count == count)
        #expect(all.allSatisfy { index[$0.0] == $0.1 })
        #expect(index[PlaceID(high: 1, low: 2)] == nil)

        for (id, _) in all.prefix(count / 2) {
            index[id] = nil
        }
        index[PlaceID(high: 1, low: 2)] = nil  // removing a missing id changes nothing
        #expect(index.count == count - count / 2)
        #expect(all.prefix(count / 2).allSatisfy { index[$0.0] == nil })
        #expect(all.dropFirst(count / 2).allSatisfy { index[$0.0] == $0.1 })

        // Moving a place replaces its location.
        if let (id, _) = all.last {
            index[id] = PlaceLocation(owner: 9, position: -1)
            #expect(index[id] == PlaceLocation(owner: 9, position: -1))
            #expect(index.count == count - count / 2)
        }
    }

    @Test(arguments: [0, 1, 64, 65, 5_000, 100_000])
    func builderMakesTheSameIndexAsInserting(count: Int) throws {
        let all = entries(count, seed: 99)
        var builder = PlaceIndex.Builder(expectedCount: count)
        for (id, location) in all {
            builder.add(id, at: location)
        }
        var built = try builder.build().get()
        #expect(built.count == count)
        #expect(all.allSatisfy { built[$0.0] == $0.1 })
        // The built trie takes changes like an inserted one.
        for (id, _) in all.prefix(count / 3) {
            built[id] = nil
        }
        #expect(all.dropFirst(count / 3).allSatisfy { built[$0.0] == $0.1 })
        #expect(built.count == count - count / 3)
    }

    @Test func insertKeepsAnExistingEntry() {
        let all = entries(1_000, seed: 13)
        var index = PlaceIndex()
        var inserted = 0
        for (id, location) in all where index.insert(id, at: location) {
            inserted += 1
        }
        #expect(inserted == all.count)
        let insertedAgain = index.insert(all[10].0, at: PlaceLocation(owner: 5, position: 5))
        #expect(!insertedAgain)
        #expect(index[all[10].0] == all[10].1)
        #expect(index.count == 1_000)
    }

    @Test func builderReportsADuplicate() {
        let all = entries(1_000, seed: 5)
        var builder = PlaceIndex.Builder(expectedCount: 1_001)
        for (id, location) in all {
            builder.add(id, at: location)
        }
        builder.add(all[500].0, at: PlaceLocation(owner: 1, position: 1))
        guard case .failure(let duplicate) = builder.build() else {
            Issue.record("a duplicate id was accepted")
            return
        }
        #expect(duplicate.id == all[500].0)
    }

    @Test func anOldCopyIsUnchanged() {
        let all = entries(50_000, seed: 11)
        var index = PlaceIndex()
        for (id, location) in all.prefix(40_000) {
            index[id] = location
        }
        let snapshot = index
        for (id, location) in all.dropFirst(40_000) {
            index[id] = location
        }
        for (id, _) in all.prefix(10_000) {
            index[id] = nil
        }
        index[all[20_000].0] = PlaceLocation(owner: 7, position: 7)
        #expect(snapshot.count == 40_000)
        #expect(all.prefix(40_000).allSatisfy { snapshot[$0.0] == $0.1 })
        #expect(all.dropFirst(40_000).allSatisfy { snapshot[$0.0] == nil })
        #expect(index.count == 40_000)
        #expect(index[all[20_000].0] == PlaceLocation(owner: 7, position: 7))
    }
}
