import PlacesModel
import PlacesProtocol
import Testing

/// A place's JSON is made once per version and kept with it; a changed place is encoded afresh.
@Suite struct PlaceRenderingTests {
    private func json(_ place: Place, includeOwner: Bool = false) -> String {
        var out = JSONWriter()
        PlaceEncoding.write(place, includeOwner: includeOwner, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes `places` as an array, as a list does (which keeps each rendering).
    private func listJSON(_ places: [Place], includeOwner: Bool = false) -> String {
        var out = JSONWriter()
        PlaceEncoding.write(places, includeOwner: includeOwner, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func aListKeepsTheRenderingAndLaterWritesReuseIt() throws {
        let place = samplePlace()
        #expect(json(place) == PlaceEncodingTests.expected)
        #expect(place.rendering.existing == nil, "writing one place keeps nothing")
        #expect(listJSON([place]) == "[" + PlaceEncodingTests.expected + "]")
        let copy = place
        let kept = try #require(place.rendering.existing)
        #expect(String(decoding: kept.bytes, as: UTF8.self) == PlaceEncodingTests.expected)
        #expect(copy.rendering.existing === kept, "copies share the rendering")
        #expect(json(copy) == PlaceEncodingTests.expected)
        #expect(listJSON([copy, copy]) == "[" + PlaceEncodingTests.expected + "," + PlaceEncodingTests.expected + "]")
    }

    @Test(arguments: ["name", "description", "coordinate", "visited", "version", "updatedAt"])
    func changingAnyFieldForgetsTheRendering(field: String) {
        let place = samplePlace()
        _ = listJSON([place])
        var changed = place
        switch field {
        case "name": changed.name = "Tour Eiffel"
        case "description": changed.description = "La dame de fer"
        case "coordinate": changed.coordinate = Coordinate(latitude: 1, longitude: 2)
        case "visited": changed.isVisited = true
        case "version": changed.version += 1
        default: changed.updatedAt = Timestamp(millisecondsSinceEpoch: 0)
        }
        #expect(changed != place)
        #expect(changed.rendering.existing == nil)
        #expect(listJSON([changed]) != listJSON([place]))
        #expect(json(place) == PlaceEncodingTests.expected, "the original keeps its own rendering")
        var fresh = JSONWriter()
        PlaceEncoding.write(
            Place(
                id: changed.id, owner: changed.owner, name: changed.name, description: changed.description,
                coordinate: changed.coordinate, isVisited: changed.isVisited, version: changed.version,
                createdAt: changed.createdAt, updatedAt: changed.updatedAt),
            includeOwner: false, to: &fresh)
        #expect(listJSON([changed]) == "[" + String(decoding: fresh.bytes, as: UTF8.self) + "]")
    }

    @Test func withTheOwnerThePlaceIsEncodedEachTime() {
        let place = samplePlace(owner: 7)
        #expect(listJSON([place], includeOwner: true).hasSuffix(#","owner":7}]"#))
        #expect(place.rendering.existing == nil)
        #expect(listJSON([place]) == "[" + PlaceEncodingTests.expected + "]")
        #expect(json(place, includeOwner: true).hasSuffix(#","owner":7}"#))
    }

    @Test func theRenderingIsNotPartOfThePlacesValue() {
        let place = samplePlace()
        let twin = samplePlace()
        _ = listJSON([place])
        #expect(place == twin)
        #expect(place.hashValue == twin.hashValue)
    }
}
