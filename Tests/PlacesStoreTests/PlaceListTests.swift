import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct PlaceListTests {
    /// A list of `count` places appended one by one.
    private func appended(_ count: Int) -> PlaceList {
        var list = PlaceList()
        for number in 0..<count {
            list.append(testSlot(number))
        }
        return list
    }

    @Test(arguments: [0, 1, 31, 32, 33, 1_000, 20_000])
    func appendingKeepsOrderAndIndexes(count: Int) {
        let list = appended(count)
        let expected = (0..<count).map { testSlot($0).place }
        #expect(list.count == count)
        #expect(Array(list) == expected)
        #expect(list.indices.allSatisfy { list[$0] == expected[$0] })
        #expect(list.map(\.name) == expected.map(\.name))
        expectWellFormed(list)
    }

    @Test(arguments: [1, 32, 33, 1_000, 20_000])
    func builderMakesTheSameListAsAppending(count: Int) {
        var builder = PlaceListBuilder()
        for number in 0..<count {
            builder.append(testSlot(number))
        }
        let built = builder.build()
        #expect(built == appended(count))
        #expect(slots(of: built).map(\.row) == slots(of: appended(count)).map(\.row))
        expectWellFormed(built)
    }

    @Test func insertRemoveAndReplaceAtIndexMatchAnArray() {
        var generator = SeededGenerator(seed: 42)
        var list = PlaceList()
        var model: [PlaceSlot] = []
        var nextNumber = 0
        for step in 0..<20_000 {
            // Grows for a while, then shrinks, so that nodes split and merge.
            let growing = step < 12_000
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5 where growing || model.isEmpty, 0..<2:
                // A position between the neighbours', as moving a place will choose it; skipped if there is none.
                let index = Int.random(in: 0...model.count, using: &generator)
                let gap: Int64 = 1 << 40
                let before = index > 0 ? model[index - 1].position : (model.first?.position ?? 0) - gap
                let after = index < model.count ? model[index].position : before + 2 * gap
                guard after - before >= 2 else { continue }
                let slot = testSlot(nextNumber, position: before + (after - before) / 2)
                nextNumber += 1
                model.insert(slot, at: index)
                list.insert(slot, at: index)
            case 2..<8 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(list.remove(at: index).place == model.remove(at: index).place)
            case _ where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &generator)
                var place = model[index].place
                place.name = "renamed \(step)"
                model[index] = PlaceSlot(place: place, position: model[index].position, row: model[index].row)
                list.replace(at: index, with: StoredPlace(place))
            default:
                break
            }
            if step % 1_000 == 0 {
                #expect(Array(list) == model.map(\.place), "step \(step)")
                #expect(model.indices.allSatisfy { list.index(ofPosition: model[$0].position) == $0 })
                expectWellFormed(list)
            }
        }
        #expect(Array(list) == model.map(\.place))
        #expect(list.indices.allSatisfy { list[$0] == model[$0].place })
        expectWellFormed(list)
    }

    /// A branch whose only leaf held one place, emptied by a removal: no empty child may stay behind (merged into a
    /// neighbour with the first position of the place it held, it sent searches for the places before it astray).
    @Test(arguments: [33, 1_025, 1_057])
    func removingALoneLastPlaceLeavesNoEmptyChild(count: Int) {
        var list = appended(count)
        list.remove(at: count - 1)
        expectWellFormed(list)
        #expect((0..<(count - 1)).allSatisfy { list.index(ofPosition: Int64($0)) == $0 })
        list.append(testSlot(count, position: Int64(count) + 10))
        list.remove(at: count - 1)
        list.remove(at: count - 2)
        expectWellFormed(list)
        #expect((0..<(count - 2)).allSatisfy { list.index(ofPosition: Int64($0)) == $0 })
    }

    @Test func removingEverythingInAnyOrderLeavesAnEmptyList() {
        var generator = SeededGenerator(seed: 7)
        var list = appended(5_000)
        var model = (0..<5_000).map { testSlot($0).place }
        while !model.isEmpty {
            let index = Int.random(in: 0..<model.count, using: &generator)
            #expect(list.remove(at: index).place == model.remove(at: index))
            if model.count % 500 == 0 {
                #expect(Array(list) == model)
                expectWellFormed(list)
            }
        }
        #expect(list.isEmpty)
        #expect(Array(list).isEmpty)
    }

    @Test func findsEachPlaceByPosition() {
        var list = PlaceList()
        // Gaps between positions, as removals leave them.
        for number in 0..<3_000 {
            list.append(testSlot(number, position: Int64(number) * 3 + 7))
        }
        for _ in 0..<200 {
            list.remove(at: 1_000)
        }
        for index in list.indices {
            #expect(list.index(ofPosition: list.slot(at: index).position) == index)
        }
        for missing: Int64 in [0, 6, 8, 9, 3 * 1_000 + 7, 3 * 3_000 + 7, .max, .min] {
            #expect(list.index(ofPosition: missing) == nil)
        }
        #expect(list.lastPosition == Int64(3 * 2_999 + 7))
        #expect(PlaceList().index(ofPosition: 0) == nil)
        #expect(PlaceList().lastPosition == nil)
    }

    @Test func anOldCopyIsUnchangedAndSharesAllButOnePath() {
        let before = appended(10_000)
        let beforePlaces = Array(before)
        var after = before
        after.replace(at: 5_000, with: StoredPlace(testSlot(99_999).place))
        #expect(Array(before) == beforePlaces)
        #expect(after[5_000] == testSlot(99_999).place)
        #expect(after.sharedLeafCount(with: before) == before.leafCount - 1)

        after.insert(testSlot(100_000, position: 4_999), at: 4_999)
        after.remove(at: 0)
        after.append(testSlot(100_001, position: 20_000))
        #expect(Array(before) == beforePlaces)
        #expect(after.count == 10_001)
        #expect(after.sharedLeafCount(with: before) >= before.leafCount - 4)
    }

    @Test func slicesFiltersAndChainsWalkTheRightPlaces() {
        let list = appended(2_000)
        let all = Array(list)
        for range in [0..<0, 0..<1, 0..<2_000, 31..<33, 500..<1_500, 1_999..<2_000] {
            #expect(Array(list[range]) == Array(all[range]), "\(range)")
            #expect(list[range].map(\.name) == all[range].map(\.name), "\(range)")
            #expect(list[range].indices == range)
            var stored: [Place] = []
            list[range].forEachStored { stored.append($0.place) }
            #expect(stored == Array(all[range]), "stored \(range)")
        }
        #expect(Array(list[100..<900][200..<300]) == Array(all[200..<300]))
        #expect(list.filterStored(\.isVisited).map(\.place) == all.filter(\.isVisited))
        var visited: [Place] = []
        list.forEach { visited.append($0) }
        #expect(visited == all)

        var other = PlaceList()
        for number in 5_000..<5_100 {
            other.append(testSlot(number))
        }
        let chained = PlaceList.chaining([list, PlaceList(), other])
        #expect(chained.count == 2_100)
        #expect(Array(chained) == all + Array(other))
        #expect(chained[1_999] == all[1_999])
        #expect(chained[2_000] == other[0])
        #expect(Array(chained[1_990..<2_010]) == Array((all + Array(other))[1_990..<2_010]))
        #expect(PlaceList.chaining([]).isEmpty)
        #expect(PlaceList.chaining([other]) == other)
    }

    @Test func bigListsStayShallowAndCheap() {
        var builder = PlaceListBuilder()
        for number in 0..<1_000_000 {
            builder.append(testSlot(number))
        }
        let list = builder.build()
        #expect(list.count == 1_000_000)
        #expect(list[765_432] == testSlot(765_432).place)
        #expect(list.index(ofPosition: 765_432) == 765_432)
        var depth = 0
        var node = list.root
        while case .branch(let children) = node {
            depth += 1
            node = children[0].node
        }
        #expect(depth <= 4)
        // One change copies one leaf.
        var changed = list
        changed.append(testSlot(1_000_000))
        changed.remove(at: 0)
        #expect(changed.sharedLeafCount(with: list) >= list.leafCount - 2)
        expectWellFormed(changed)
    }
}

/// A list's kept rendering belongs to one version of the list: copies share it, every change starts afresh.
@Suite struct PlaceListRenderingSlotTests {
    private func list(_ count: Int) -> PlaceList {
        var list = PlaceList()
        for number in 0..<count { list.append(testSlot(number, position: Int64(number) * 1_024)) }
        return list
    }

    private func render(_ list: PlaceList) -> PlaceListRendering {
        list.rendering.rendering { PlaceListRendering(bytes: Array("[]".utf8), starts: [2]) }
    }

    @Test func copiesShareTheRendering() {
        let original = list(40)
        let copy = original
        let made = render(original)
        #expect(copy.rendering.existing === made)
        #expect(render(copy) === made, "a second reader gets the first rendering")
    }

    @Test(arguments: ["append", "insert", "remove", "replace"])
    func everyChangeForgetsTheRendering(change: String) {
        let original = list(40)
        let made = render(original)
        var changed = original
        switch change {
        case "append": changed.append(testSlot(100, position: 1 << 30))
        case "insert": changed.insert(testSlot(101, position: 5 * 1_024 + 1), at: 6)
        case "remove": changed.remove(at: 20)
        default: changed.replace(at: 3, with: StoredPlace(testSlot(102).place))
        }
        #expect(changed.rendering.existing == nil)
        #expect(original.rendering.existing === made, "the unchanged version keeps its rendering")
    }
}
