import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct ListPositionsTests {
    /// A list of `count` places added at the end, as the store adds them.
    private func appended(_ count: Int) -> OwnerList {
        var list = OwnerList()
        for number in 0..<count {
            _ = list.insert(testSlot(number).place, row: Int64(number), at: list.places.count)
        }
        return list
    }

    private func expectIncreasingPositions(_ list: OwnerList, sourceLocation: SourceLocation = #_sourceLocation) {
        let positions = slots(of: list.places).map(\.position)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, sourceLocation: sourceLocation)
        #expect(positions.allSatisfy { $0 >= 0 && $0 < ListPositions.universe }, sourceLocation: sourceLocation)
        #expect(list.spatial.count == list.places.count, sourceLocation: sourceLocation)
        expectWellFormed(list.places, sourceLocation: sourceLocation)
        expectSpatialEntriesHoldTheirPlaces(list, sourceLocation: sourceLocation)
    }

    @Test func appendedPlacesAreSpacedFromTheMiddle() {
        let list = appended(3)
        #expect(
            slots(of: list.places).map(\.position) == [
                ListPositions.first, ListPositions.first + ListPositions.spacing,
                ListPositions.first + 2 * ListPositions.spacing,
            ])
    }

    @Test func insertingBetweenNeighboursTakesTheMiddleUntilTheGapIsGone() {
        var list = appended(2)
        var renumberedTotal = 0
        // 32 halvings of a 2^32 gap, then renumbering.
        for round in 0..<40 {
            let (_, renumbered) = list.insert(testSlot(100 + round).place, row: Int64(100 + round), at: 1)
            if round < 31 {
                #expect(renumbered.isEmpty, "round \(round)")
            }
            renumberedTotal += renumbered.count
        }
        #expect(renumberedTotal > 0)
        expectIncreasingPositions(list)
    }

    @Test(arguments: [0, 1, 2])
    func adversarialInsertionsRenumberFewPlacesPerInsertion(pattern: Int) {
        var list = appended(1_000)
        var renumberedTotal = 0
        let rounds = 20_000
        var generator = SeededGenerator(seed: UInt64(pattern))
        for round in 0..<rounds {
            let index: Int
            switch pattern {
            case 0: index = 0  // always at the front
            case 1: index = 500  // always at the same place in the middle
            default: index = Int.random(in: 0...list.places.count, using: &generator)
            }
            let (_, renumbered) = list.insert(testSlot(10_000 + round).place, row: Int64(10_000 + round), at: index)
            renumberedTotal += renumbered.count
        }
        expectIncreasingPositions(list)
        // Amortized O(log² n): about 12 per insertion at one spot in the middle, none at the front or at random.
        #expect(Double(renumberedTotal) / Double(rounds) < 20, "\(renumberedTotal) renumbered")
    }

    @Test func denseOldPositionsMakeRoomToo() {
        // Positions 0, 1, 2, … as schema version 2 wrote them (the migration spreads them, but the scheme must not
        // depend on it).
        var list = OwnerList()
        for number in 0..<100 {
            let slot = testSlot(number, position: Int64(number))
            list.places.append(slot)
            list.spatial.insert(slot.stored, position: Int64(number))
        }
        var renumberedTotal = 0
        for round in 0..<100 {
            let (position, renumbered) = list.insert(testSlot(200 + round).place, row: 0, at: 50)
            renumberedTotal += renumbered.count
            #expect(slots(of: list.places)[50].position == position)
        }
        // The first insertion spreads the packed places out; the others find room.
        #expect(renumberedTotal < 1_000, "\(renumberedTotal) renumbered")
        expectIncreasingPositions(list)
    }
}
