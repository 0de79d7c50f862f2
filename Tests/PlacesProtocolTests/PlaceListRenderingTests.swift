import PlacesModel
import PlacesProtocol
import Testing

/// A whole list's JSON array, kept with where each place begins, gives every page as one range of bytes.
@Suite struct PlaceListRenderingTests {
    private func places(_ count: Int) -> [Place] {
        (0..<count).map { number in
            var place = samplePlace()
            place.name = "Place \(number)"
            place.description = String(repeating: "é", count: number % 7)
            place.isVisited = number % 3 == 0
            return place
        }
    }

    private func text(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: Array(bytes), as: UTF8.self)
    }

    /// The array as `PlaceEncoding.write` writes it, without keeping anything.
    private func written(_ places: [Place]) -> String {
        var out = JSONWriter()
        out.beginArray()
        for (index, place) in places.enumerated() {
            if index > 0 { out.comma() }
            PlaceEncoding.write(place, includeOwner: false, to: &out)
        }
        out.endArray()
        return text(out.bytes)
    }

    @Test(arguments: [0, 1, 2, 5, 33])
    func theRenderingIsTheArrayAndEveryPageIsARange(count: Int) {
        let places = places(count)
        let rendering = PlaceEncoding.listRendering(of: places)
        #expect(text(rendering.bytes) == written(places))
        #expect(rendering.count == count)
        #expect(places.allSatisfy { $0.rendering.existing == nil }, "the list keeps its bytes once, not per place")
        for start in 0...count {
            for end in start...count {
                #expect(
                    "[" + text(rendering.elements(start..<end)) + "]" == written(Array(places[start..<end])),
                    "page \(start)..<\(end) of \(count)")
            }
        }
    }

    @Test func aPlaceThatKeptItsOwnRenderingIsCopiedFromIt() {
        let places = places(3)
        var out = JSONWriter()
        PlaceEncoding.write(places, includeOwner: false, to: &out)  // a list keeps each place's bytes
        #expect(places.allSatisfy { $0.rendering.existing != nil })
        #expect(text(PlaceEncoding.listRendering(of: places).bytes) == text(out.bytes))
    }

    @Test func theSlotKeepsTheFirstRendering() {
        let slot = PlaceListRenderingSlot()
        #expect(slot.existing == nil)
        let first = slot.rendering { PlaceEncoding.listRendering(of: places(2)) }
        let second = slot.rendering { PlaceEncoding.listRendering(of: places(5)) }
        #expect(first === second)
        #expect(slot.existing === first)
    }
}
