import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

@Suite struct SpatialIndexTests {
    /// Checks what searching relies on: entries in curve order, every branch's summary (first entry, box,
    /// smallest position) that of its subtree, no node over capacity, all leaves at one depth.
    private func expectWellFormed(_ index: SpatialIndex, sourceLocation: SourceLocation = #_sourceLocation)
        -> [SpatialEntry]
    {
        var entries: [SpatialEntry] = []
        var depths: Set<Int> = []
        func check(_ node: SpatialNode, depth: Int) {
            switch node {
            case .leaf(let leaf):
                depths.insert(depth)
                #expect(leaf.count <= SpatialNode.leafCapacity, sourceLocation: sourceLocation)
                entries += leaf
            case .branch(let children):
                #expect(
                    !children.isEmpty && children.count <= SpatialNode.branchCapacity, sourceLocation: sourceLocation)
                for child in children {
                    let summary = child.node.summary
                    #expect(child.first == summary.first, sourceLocation: sourceLocation)
                    #expect(child.minimumPosition == summary.minimumPosition, sourceLocation: sourceLocation)
                    #expect(child.box.minimumLatitude == summary.box.minimumLatitude, sourceLocation: sourceLocation)
                    #expect(child.box.maximumLatitude == summary.box.maximumLatitude, sourceLocation: sourceLocation)
                    #expect(child.box.minimumLongitude == summary.box.minimumLongitude, sourceLocation: sourceLocation)
                    #expect(child.box.maximumLongitude == summary.box.maximumLongitude, sourceLocation: sourceLocation)
                    check(child.node, depth: depth + 1)
                }
            }
        }
        check(index.root, depth: 0)
        #expect(depths.count <= 1, sourceLocation: sourceLocation)
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0 < $1 }, sourceLocation: sourceLocation)
        #expect(entries.count == index.count, sourceLocation: sourceLocation)
        return entries
    }

    @Test(arguments: [0, 1, 32, 33, 1_000, 60_000])
    func builtIndexHoldsEveryEntryInOrder(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let entries = (0..<count).map { position in
            // Coarse coordinates, so that some entries share a curve index.
            SpatialEntry(
                coordinate: Coordinate(
                    latitude: Double(Int.random(in: -90...90, using: &generator)),
                    longitude: Double(Int.random(in: -180...180, using: &generator))),
                position: Int64(position), stored: nil)
        }
        let index = SpatialIndex(keyed: entries)
        #expect(expectWellFormed(index) == entries.sorted())
    }

    @Test func insertsAndRemovesKeepTheTreeWellFormed() {
        var generator = SeededGenerator(seed: 5)
        var index = SpatialIndex()
        var present: [Int64: Coordinate] = [:]
        for round in 0..<20_000 {
            // Two inserts for each removal, then only removals, down to an empty tree.
            let removing = !present.isEmpty && (round >= 15_000 || Int.random(in: 0..<3, using: &generator) == 0)
            if removing {
                let (position, coordinate) = present.randomElement(using: &generator)!
                index.remove(coordinate, position: position)
                present[position] = nil
            } else {
                let coordinate = Coordinate(
                    latitude: Double.random(in: -90...90, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator))
                index.insert(StoredPlace(testPlace(at: coordinate)), position: Int64(round))
                present[Int64(round)] = coordinate
            }
            if round % 2_500 == 0 {
                _ = expectWellFormed(index)
            }
        }
        let entries = expectWellFormed(index)
        #expect(Set(entries.map(\.position)) == Set(present.keys))
        for (position, coordinate) in present {
            index.remove(coordinate, position: position)
        }
        #expect(index.count == 0)
        #expect(expectWellFormed(index).isEmpty)
    }

    /// A place at `coordinate`; the index keeps its coordinate and a reference to it.
    private func testPlace(at coordinate: Coordinate) -> Place {
        var place = testSlot(0).place
        place.coordinate = coordinate
        return place
    }

    @Test func entriesCopyWithoutReferenceCounting() {
        // Leaves are copied on every change a snapshot shares; an entry that retained its place would make each
        // copy touch every place of the leaf.
        #expect(_isPOD(SpatialEntry.self))
    }

    @Test func aBranchChildTakes72Bytes() {
        // A search reads the box of every child of each branch it opens: a branch keeps only where each child
        // starts on the curve, not a whole entry, so that its 16 children take 1.1 KiB of memory rather than 1.5;
        // the two 32-bit counts `places.density` adds without opening a child take one word of it.
        #expect(MemoryLayout<SpatialChild>.stride == 72)
    }

    @Test(arguments: [
        Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 90, longitude: 180),
        Coordinate(latitude: -90, longitude: -180), Coordinate(latitude: 45, longitude: 180),
        Coordinate(latitude: 45, longitude: -180),
    ])
    func curveIndexCoversTheWholeMap(coordinate: Coordinate) {
        #expect(HilbertCurve.index(of: coordinate) < UInt64(1) << UInt64(2 * HilbertCurve.order))
    }
}
