import PlacesModel
import PlacesProtocol
import PlacesState
import Testing

@testable import PlacesServer

/// A listed place's JSON is made once per stored version and kept in its slot; a replaced place starts afresh,
/// and a whole list's array gives every page as one range of bytes.
@Suite struct KeptRenderingsTests {
    private func place(_ number: Int, owner: UserID = 1000) -> Place {
        Place(
            id: PlaceID("0f8fad5b-d9cb-469f-a165-\(String(format: "%012d", number))")!,
            owner: owner,
            name: "Place \(number)",
            description: String(repeating: "é", count: number % 7),
            coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945 + Double(number) / 1_000),
            isVisited: number % 3 == 0,
            version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123),
            updatedAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123)
        )
    }

    private func list(_ count: Int, owner: UserID = 1000) -> PlaceList {
        var list = PlaceList()
        for number in 0..<count {
            list.append(PlaceSlot(place: place(number, owner: owner), position: Int64(number) * 1_024, row: 1))
        }
        return list
    }

    private func text(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: Array(bytes), as: UTF8.self)
    }

    /// The array as `PlaceEncoding` writes it, keeping nothing.
    private func encoded(_ places: some Sequence<Place>, includeOwner: Bool = false) -> String {
        var out = JSONWriter()
        PlaceEncoding.write(places, includeOwner: includeOwner, to: &out)
        return text(out.bytes)
    }

    /// The places at `bounds` as a list writes them, keeping each one's bytes.
    private func listed(_ list: PlaceList, _ bounds: Range<Int>? = nil, includeOwner: Bool = false) -> String {
        var out = JSONWriter()
        KeptRenderings.write(list, bounds: bounds ?? 0..<list.count, includeOwner: includeOwner, to: &out)
        return text(out.bytes)
    }

    private func kept(_ list: PlaceList) -> [PlaceRendering?] {
        var kept: [PlaceRendering?] = []
        list.forEachStored(in: 0..<list.count) { kept.append($0.existingRendering) }
        return kept
    }

    @Test func aListKeepsEachPlacesBytesAndLaterListsReuseThem() throws {
        let places = list(5)
        #expect(kept(places).allSatisfy { $0 == nil })
        #expect(listed(places) == encoded(places))
        let first = kept(places)
        #expect(first.allSatisfy { $0 != nil })
        let copy = places
        #expect(listed(copy) == encoded(places))
        #expect(zip(kept(copy), first).allSatisfy { $0 === $1 }, "copies share the kept bytes")
    }

    @Test func aPageKeepsOnlyItsOwnPlaces() {
        let places = list(6)
        #expect(listed(places, 2..<4) == encoded(places[2..<4]))
        #expect(kept(places).map { $0 != nil } == [false, false, true, true, false, false])
    }

    @Test func aReplacedPlaceIsEncodedAfresh() throws {
        var places = list(3)
        _ = listed(places)
        let before = kept(places)
        var changed = places[1]
        changed.name = "Tour Eiffel"
        changed.version += 1
        places.replace(at: 1, with: StoredPlace(changed))
        #expect(kept(places)[1] == nil, "the new version has an empty slot")
        #expect(kept(places)[0] === before[0] && kept(places)[2] === before[2])
        #expect(listed(places) == encoded(places))
        #expect(listed(places).contains("Tour Eiffel"))
    }

    @Test func withTheOwnerNothingIsKept() {
        let places = list(3, owner: 7)
        #expect(listed(places, includeOwner: true) == encoded(places, includeOwner: true))
        #expect(listed(places, includeOwner: true).contains(#""owner":7"#))
        #expect(kept(places).allSatisfy { $0 == nil })
    }

    @Test(arguments: [0, 1, 2, 5, 33])
    func theListRenderingIsTheArrayAndEveryPageIsARange(count: Int) {
        let places = list(count)
        let rendering = KeptRenderings.listRendering(of: places)
        #expect(text(rendering.bytes) == encoded(places))
        #expect(rendering.count == count)
        #expect(kept(places).allSatisfy { $0 == nil }, "the list keeps its bytes once, not per place")
        for start in 0...count {
            for end in start...count {
                #expect(
                    "[" + text(rendering.elements(start..<end)) + "]" == encoded(places[start..<end]),
                    "page \(start)..<\(end) of \(count)")
            }
        }
    }

    @Test func theListRenderingCopiesBytesAPlaceKept() {
        let places = list(3)
        _ = listed(places, 1..<2)
        #expect(text(KeptRenderings.listRendering(of: places).bytes) == encoded(places))
    }

    @Test func aStoredPlaceKeepsTheFirstRendering() {
        let stored = StoredPlace(list(1).slot(at: 0).place)
        #expect(stored.existingRendering == nil)
        let first = stored.rendering { Array("first".utf8) }
        let second = stored.rendering { Array("second".utf8) }
        #expect(first === second)
        #expect(text(first.bytes) == "first")
    }
}
