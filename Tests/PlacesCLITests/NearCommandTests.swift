import PlacesClient
import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct NearCommandTests {
    /// A `places.near` entry.
    static func entry(_ place: JSONValue, _ distance: Double) -> JSONValue {
        ["place": place, "distance": .number(JSONNumber(distance)!)]
    }

    /// A daemon that finds the Eiffel Tower, the Louvre and the Golden Gate, nearest first.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { _, _ in
            .success([
                "places": [
                    entry(Fixtures.eiffel, 0.4), entry(Fixtures.louvre, 3_456.78),
                    entry(Fixtures.bridge, 8_951_234.56),
                ]
            ])
        }
        return harness
    }

    @Test(arguments: [
        ("500", 500.0), ("500m", 500.0), ("500M", 500.0), ("5km", 5_000.0), ("2.5km", 2_500.0), ("2.5KM", 2_500.0),
        ("0", 0.0), (".5km", 500.0), ("1e3m", 1_000.0), ("2mi", 3_218.688), ("1MI", 1_609.344),
    ])
    func radiusAcceptsMetresAndKilometres(text: String, metres: Double) {
        #expect(DistanceText.metres(text) == metres)
    }

    @Test func tsvPrintsMetresAndWholeIDs() {
        let outcome = Self.daemon().run("near", "--lat", "48.85", "--lon", "2.29", "--format", "tsv")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput == """
                id\tname\tdistance\tlatitude\tlongitude
                \(Fixtures.eiffelID)\tEiffel Tower\t0.4\t48.8584\t2.2945
                \(Fixtures.louvreID)\tLouvre\t3456.78\t48.8606\t2.3376
                \(Fixtures.bridgeID)\tGolden Gate\t8951234.56\t37.8199\t-122.4783

                """)
    }

    @Test(arguments: ["", "km", "m", "-5km", "5 km", "mi", "-2mi", "five", "nan", "inf", "5kmm", "1e400"])
    func radiusRefusesEverythingElse(text: String) {
        #expect(DistanceText.metres(text) == nil)
    }

    @Test(arguments: [
        (0.0, "0 m"), (0.4, "0 m"), (350.0, "350 m"), (349.5, "350 m"), (999.4, "999 m"), (999.6, "1.0 km"),
        (1_000.0, "1.0 km"), (1_049.0, "1.0 km"), (1_050.0, "1.1 km"), (343_456.0, "343.5 km"),
        (12_345_649.0, "12345.6 km"), (20_015_086.0, "20015.1 km"),
    ])
    func distancesReadAsPeopleSayThem(metres: Double, text: String) {
        #expect(DistanceText.text(metres: metres) == text)
    }

    @Test func sendsMetresAndPrintsTheTableNearestFirst() {
        let outcome = Self.daemon().run("near", "--lat", "48.85", "--lon", "2.29", "--radius", "2.5km", "--limit", "3")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.calls == [
                .init(
                    method: "places.near",
                    params: ["latitude": 48.85, "longitude": 2.29, "radius": 2500, "limit": 3])
            ])
        #expect(
            outcome.standardOutput == """
                ID        NAME           DISTANCE  LAT      LON        VISITED
                0f8fad5b  Eiffel Tower        0 m  48.8584  2.2945     no
                0f8fad5c  Louvre           3.5 km  48.8606  2.3376     yes
                7c9e6679  Golden Gate   8951.2 km  37.8199  -122.4783  no

                """)
    }

    /// Distances stay right-aligned and later columns in place whatever cells the names take.
    @Test func alignsWideNamesByCells() {
        var harness = Self.daemon()
        harness.respond = { _, _ in
            .success([
                "places": [
                    Self.entry(Fixtures.placeJSON(id: Fixtures.eiffelID, name: "東京タワー", latitude: 35.6586), 12),
                    Self.entry(Fixtures.placeJSON(id: Fixtures.bridgeID, name: "Cafe\u{301}", latitude: 1), 3_456.78),
                ]
            ])
        }
        #expect(
            harness.run("near", "--lat", "0", "--lon", "0").standardOutput == """
                ID        NAME        DISTANCE  LAT      LON     VISITED
                0f8fad5b  東京タワー      12 m  35.6586  2.2945  no
                7c9e6679  Cafe\u{301}          3.5 km  1        2.2945  no

                """)
    }

    @Test func cutsLongNamesToTheWidth() {
        var harness = Self.daemon()
        harness.respond = { _, _ in
            .success([
                "places": [
                    Self.entry(Fixtures.placeJSON(id: Fixtures.eiffelID, name: String(repeating: "N", count: 100)), 12)
                ]
            ])
        }
        harness.terminalColumns = 60
        let lines = harness.run("near", "--lat", "0", "--lon", "0").standardOutput.split(separator: "\n")
        #expect(lines.map(\.count).max() == 60)
        #expect(lines[1].contains("NNN…"))
    }

    @Test func jsonPrintsTheResult() {
        let outcome = Self.daemon().run("near", "--lat", "1", "--lon", "2", "--json")
        let entries = JSONValue.array([
            Self.entry(Fixtures.eiffel, 0.4), Self.entry(Fixtures.louvre, 3_456.78),
            Self.entry(Fixtures.bridge, 8_951_234.56),
        ])
        #expect(outcome.standardOutput == (["places": entries] as JSONValue).jsonText + "\n")
        #expect(outcome.calls.first?.params == ["latitude": 1, "longitude": 2])
    }

    @Test func nothingNearSaysSo() {
        var harness = Self.daemon()
        harness.respond = { _, _ in .success(["places": []]) }
        #expect(
            harness.run("near", "--lat", "1", "--lon", "2", "--radius", "500").standardOutput
                == "No places within 500 m.\n")
        #expect(harness.run("near", "--lat", "1", "--lon", "2").standardOutput == "No places found.\n")
    }

    @Test(arguments: [
        (
            ["near", "--lat", "1", "--lon", "2", "--radius", "far"],
            "--radius expects a distance such as 500, 500m, 2.5km or 20mi, got 'far'"
        ),
        (["near", "--lat", "1", "--lon", "2", "--limit", "-1"], "--limit must be 0 or more, got -1"),
        (["near", "--lat", "x", "--lon", "2"], "--lat expects a number, got 'x'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let outcome = Self.daemon().run(arguments)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.connectedPaths.isEmpty)
        #expect(outcome.standardError.hasPrefix("placesctl: \(message).\n"), "\(outcome.standardError)")
    }

    @Test func malformedEntriesAreInternalErrors() {
        var harness = Self.daemon()
        harness.respond = { _, _ in .success(["places": [["place": Fixtures.eiffel]]]) }
        let outcome = harness.run("near", "--lat", "1", "--lon", "2")
        #expect(outcome.exitCode == .software)
        #expect(outcome.standardError.contains("lacks 'place' or 'distance'"))
    }
}
