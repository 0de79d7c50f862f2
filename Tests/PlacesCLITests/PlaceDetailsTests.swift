import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct PlaceDetailsTests {
    @Test func rendersTheBlockWithTheDescriptionLast() {
        let place = Fixtures.place(
            id: Fixtures.eiffelID, name: "Eiffel Tower", description: "Iron lady\n\nBuilt for 1889.", version: 4)
        #expect(
            PlaceDetails.render(place) == """
                Name:        Eiffel Tower
                ID:          0f8fad5b-d9cb-469f-a165-70867728950e
                Location:    48.8584, 2.2945
                Visited:     no
                Version:     4
                Created:     2026-11-29T16:03:55.123Z
                Updated:     2026-11-29T16:03:55.123Z
                Description: Iron lady

                             Built for 1889.

                """)
    }

    @Test func leavesOutAnEmptyDescription() {
        let place = Fixtures.place(
            id: Fixtures.bridgeID, name: "Golden Gate", latitude: 37.8199, longitude: -122.4783, visited: true)
        let text = PlaceDetails.render(place)
        #expect(!text.contains("Description"))
        #expect(text.contains("Location:    37.8199, -122.4783\nVisited:     yes\n"))
    }

    @Test func statusLinesAreAligned() {
        let status: JSONObject = [
            "version": "0.1.0", "protocol": 1, "uptime": 93_784.5, "places": 3, "revision": 12, "connections": 1,
            "database": "/var/lib/placesd/places.sqlite", "locked": false,
        ]
        #expect(
            StatusText.render(status) == """
                Version:     0.1.0
                Protocol:    1
                Uptime:      1d 2h 3m 4s
                Places:      3
                Revision:    12
                Connections: 1
                Database:    /var/lib/placesd/places.sqlite
                Locked:      no

                """)
    }

    @Test(arguments: [(0.0, "0s"), (59.9, "59s"), (60.0, "1m 0s"), (3_600.0, "1h 0m 0s"), (90_061.0, "1d 1h 1m 1s")])
    func uptime(seconds: Double, expected: String) {
        #expect(StatusText.uptime(.number(.init(seconds)!)) == expected)
    }
}
