import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// A slot for tests: place `number` of owner 1, at `position` (by default its number) and row.
func testSlot(_ number: Int, position: Int64? = nil) -> PlaceSlot {
    let place = Place(
        id: PlaceID(high: 0x4000, low: UInt64(number)), owner: 1, name: "place \(number)", description: "",
        coordinate: Coordinate(latitude: 0, longitude: 0), isVisited: number % 3 == 0, version: 1,
        createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0))
    return PlaceSlot(place: place, position: position ?? Int64(number), row: Int64(number) + 1)
}

/// Checks what every operation on a list relies on: counts and first positions recorded in the branches are the
/// subtrees', no node is over capacity, no branch is empty, all leaves are at the same depth.
func expectWellFormed(_ list: PlaceList, sourceLocation: SourceLocation = #_sourceLocation) {
    var leafDepths: Set<Int> = []
    func check(_ node: PlaceTreeNode, depth: Int) -> (count: Int, firstPosition: Int64?) {
        switch node {
        case .leaf(let slots):
            leafDepths.insert(depth)
            #expect(slots.count <= PlaceTreeNode.leafCapacity, sourceLocation: sourceLocation)
            return (slots.count, slots.first?.position)
        case .branch(let children):
            #expect(!children.isEmpty && children.count <= PlaceTreeNode.branchCapacity, sourceLocation: sourceLocation)
            var total = 0
            for child in children {
                let (count, firstPosition) = check(child.node, depth: depth + 1)
                #expect(count > 0 && count == child.count, sourceLocation: sourceLocation)
                #expect(firstPosition == child.firstPosition, sourceLocation: sourceLocation)
                total += count
            }
            return (total, children.first?.firstPosition)
        }
    }
    #expect(check(list.root, depth: 0).count == list.count, sourceLocation: sourceLocation)
    #expect(leafDepths.count <= 1, "leaves at depths \(leafDepths.sorted())", sourceLocation: sourceLocation)
}

/// Every slot of `list`, in order.
func slots(of list: PlaceList) -> [PlaceSlot] {
    var all: [PlaceSlot] = []
    list.forEachLeaf { all += $0 }
    return all
}

/// Checks what `SpatialEntry.stored` relies on: each entry of `list`'s spatial index holds the very version of the
/// place its list holds at the entry's position, at that place's coordinate, and the index has every place once.
func expectSpatialEntriesHoldTheirPlaces(_ list: OwnerList, sourceLocation: SourceLocation = #_sourceLocation) {
    var entries: [SpatialEntry] = []
    func collect(_ node: SpatialNode) {
        switch node {
        case .leaf(let leaf): entries += leaf
        case .branch(let children): for child in children { collect(child.node) }
        }
    }
    collect(list.spatial.root)
    #expect(entries.count == list.places.count, sourceLocation: sourceLocation)
    #expect(Set(entries.map(\.position)).count == entries.count, sourceLocation: sourceLocation)
    for entry in entries {
        guard let index = list.places.index(ofPosition: entry.position) else {
            Issue.record("no place at the entry's position \(entry.position)", sourceLocation: sourceLocation)
            continue
        }
        let slot = list.places.slot(at: index)
        #expect(entry.stored === slot.stored, sourceLocation: sourceLocation)
        #expect(entry.coordinate == slot.place.coordinate, sourceLocation: sourceLocation)
    }
}
