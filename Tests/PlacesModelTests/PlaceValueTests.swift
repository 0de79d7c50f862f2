import PlacesModel
import Testing

/// A place is a plain value: two places are equal, and hash alike, exactly when every field is.
@Suite struct PlaceValueTests {
    private let place = Place(
        id: PlaceID("0f8fad5b-d9cb-469f-a165-70867728950e")!, owner: 1000, name: "Eiffel Tower",
        description: "Iron lady", coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945), isVisited: false,
        version: 1, createdAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123),
        updatedAt: Timestamp(millisecondsSinceEpoch: 1_796_054_635_123))

    @Test func equalFieldsMakeEqualPlaces() {
        let twin = place
        #expect(twin == place)
        #expect(Set([place, twin]).count == 1)
    }

    @Test(arguments: ["name", "description", "coordinate", "visited", "version", "updatedAt"])
    func anyChangedFieldMakesAnotherPlace(field: String) {
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
        #expect(Set([place, changed]).count == 2)
    }
}
