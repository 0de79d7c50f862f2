import PlacesFormats
import PlacesModel
import PlacesProtocol
import Testing

/// The fixtures written in the shapes the apps write, read whole.
@Suite struct KMLFixtureTests {
    /// The fields of a place a fixture should give.
    struct Expected: CustomStringConvertible {
        let name: String
        let longitude: Double
        let latitude: Double
        var tags: [String] = []
        var text = ""
        var isVisited = false

        var description: String { "\(name) at \(longitude),\(latitude) tagged \(tags)" }
    }

    private func read(_ fixture: String) throws -> ImportedDocument {
        try KMLReading.kml(try Fixture.bytes(fixture))
    }

    private func expect(_ places: [ImportedPlace], _ expected: [Expected]) {
        #expect(places.count == expected.count)
        for (place, want) in zip(places, expected) {
            #expect(place.draft.name == want.name)
            #expect(abs(place.draft.coordinate.longitude - want.longitude) < 1e-9, "\(want)")
            #expect(abs(place.draft.coordinate.latitude - want.latitude) < 1e-9, "\(want)")
            #expect(place.draft.tags == TagRules.canonical(want.tags), "\(want)")
            #expect(place.draft.description == want.text, "\(want)")
            #expect(place.draft.isVisited == want.isVisited, "\(want)")
        }
    }

    @Test func readsTheReferenceShapes() throws {
        let document = try read("reference.kml")
        let tag = "Reference shapes"
        expect(
            document.places,
            [
                Expected(
                    name: "Simple placemark", longitude: -122.0822035425683, latitude: 37.42228990140251, tags: [tag],
                    text:
                        "Attached to the ground. Intelligently places itself at the height of the underlying terrain."),
                Expected(
                    name: "Floating placemark", longitude: -122.084075, latitude: 37.4220033612141, tags: [tag],
                    text: "Floats a defined distance above the ground."),
                Expected(name: "Typed data", longitude: -121.9, latitude: 37.4, tags: [tag], isVisited: true),
                Expected(name: "Schema data", longitude: -121.8, latitude: 37.3, tags: ["survey", "trail"]),
                Expected(name: "Several geometries", longitude: -122.2, latitude: 37.2, tags: [tag]),
                Expected(name: PlaceRules.defaultName, longitude: 0, latitude: 0, tags: [tag]),
            ])
        #expect(document.places[2].draft.visitedAt == Timestamp(rfc3339: "2026-05-04"))
        let omissions = document.omissions
        #expect(omissions.skipped[.geometry("LineString")]?.locations == ["line 65"])
        #expect(omissions.skipped[.geometry("Polygon")]?.count == 1)
        #expect(omissions.skipped[.geometry("gx:Track")]?.count == 1)
        #expect(omissions.skipped[.withoutCoordinates]?.locations == ["line 85"])
        #expect(omissions.skippedCount == 4)
        #expect(
            omissions.droppedFields == [
                "visibility", "LookAt", "styleUrl", "holeNumber", "elevation", "gx:balloonVisibility",
            ])
    }

    @Test func readsGoogleMyMapsLayersAsTagsAndHTMLAsText() throws {
        let document = try read("google-my-maps.kml")
        expect(
            document.places,
            [
                Expected(
                    name: "Colosseum", longitude: 12.4922309, latitude: 41.8902102, tags: ["Sights"],
                    text: "Piazza del Colosseo, 1\nBook tickets & arrive early\n\nClosed on 25 December"),
                Expected(
                    name: "Pantheon", longitude: 12.4768729, latitude: 41.8986108, tags: ["Sights"],
                    text: "Free entry on the first Sunday.\nLook up at the oculus."),
                Expected(
                    name: "Da Enzo al 29", longitude: 12.4771869, latitude: 41.8883478, tags: ["Food"],
                    text: "Carbonara — queue before 12:30\nmenu"),
            ])
        #expect(document.omissions.skipped[.geometry("LineString")]?.count == 1)
        #expect(document.omissions.droppedFields == ["styleUrl", "Address"])
    }

    @Test func readsGoogleEarthPlacesKeepingPlainDescriptionsAsWritten() throws {
        let document = try read("google-earth.kml")
        expect(
            document.places,
            [
                Expected(
                    name: "Lighthouse", longitude: -9.500541, latitude: 38.780796, tags: ["My Places"],
                    text: "Westernmost point of mainland Europe.\nWindy."),
                Expected(name: "Tower of Belém", longitude: -9.2159851, latitude: 38.6915837, tags: ["My Places"]),
            ])
        #expect(
            document.omissions.droppedFields == [
                "address", "LookAt", "styleUrl", "gx:balloonVisibility", "TimeStamp",
            ])
    }

    @Test func readsAnOrganicMapsListWithItsNameAsTheTag() throws {
        let document = try read("organic-maps.kml")
        let list = "Minsk weekend"
        expect(
            document.places,
            [
                Expected(
                    name: "Island of Tears", longitude: 27.557266, latitude: 53.909348, tags: [list],
                    text: "Memorial on the Svislach"),
                Expected(
                    name: "The big square", longitude: 27.566765, latitude: 53.900047, tags: [list],
                    text: "Amps & <brackets>"),
            ])
        #expect(document.omissions.skipped[.geometry("LineString")]?.count == 1)
        #expect(
            document.omissions.droppedFields == [
                "TimeStamp", "styleUrl", "mwm:featureTypes", "mwm:scale", "mwm:visibility", "Style",
            ])
    }

    @Test func readsMarbleNestedFoldersAsOneTagPerLevel() throws {
        let document = try read("marble.kml")
        expect(
            document.places,
            [
                Expected(name: "Duomo di Milano", longitude: 9.191383, latitude: 45.464211, tags: ["Europe", "Italy"]),
                Expected(
                    name: "Matterhorn", longitude: 7.6586, latitude: 45.9766, tags: ["Europe"], text: "4478 m"),
                Expected(name: "Home", longitude: 13.404954, latitude: 52.520008, tags: ["Default"]),
            ])
        #expect(document.omissions.droppedFields == ["LookAt"])
    }
}
