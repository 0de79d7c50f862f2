import PlacesClient
import PlacesMap
import PlacesModel
import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct MapCommandTests {
    static let paris = MapLabel(
        name: "Paris", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), isVisited: true)
    static let lima = MapLabel(
        name: "Lima", coordinate: Coordinate(latitude: -12.0464, longitude: -77.0428), isVisited: false)
    static let suva = MapLabel(
        name: "Suva", coordinate: Coordinate(latitude: -18.1248, longitude: 178.4501), isVisited: false)
    static let apia = MapLabel(
        name: "Apia", coordinate: Coordinate(latitude: -13.8507, longitude: -171.7514), isVisited: false)

    /// The view a `places.density` request asks about.
    static func view(of params: JSONValue?) -> MapView? {
        guard let box = params?["bbox"], let columns = params?["columns"]?.numberValue?.integerValue,
            let rows = params?["rows"]?.numberValue?.integerValue,
            let south = box["south"]?.numberValue?.double, let west = box["west"]?.numberValue?.double,
            let north = box["north"]?.numberValue?.double, let east = box["east"]?.numberValue?.double
        else { return nil }
        var span = east - west
        if span <= 0 { span += 360 }
        return MapView(
            west: west, longitudeSpan: span, south: south, north: north, columns: Int(columns), rows: Int(rows))
    }

    /// A daemon holding `places`, answering `places.density` by counting them per cell as the map library does.
    static func daemon(_ places: [MapLabel]) -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { method, params in
            guard method == Method.density.rawValue, let view = view(of: params) else {
                return .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
            }
            let cells: [JSONValue] = view.cells(of: places, labelsPerCell: 1).map { cell in
                [
                    "column": .number(JSONNumber(Int64(cell.position.column))),
                    "row": .number(JSONNumber(Int64(cell.position.row))),
                    "visited": .number(JSONNumber(Int64(cell.visited))),
                    "unvisited": .number(JSONNumber(Int64(cell.unvisited))),
                    "nearest": .array(
                        cell.labels.map { label in
                            [
                                "id": "0f8fad5c-d9cb-469f-a165-70867728950e", "name": .string(label.name),
                                "latitude": .number(JSONNumber(label.coordinate.latitude)!),
                                "longitude": .number(JSONNumber(label.coordinate.longitude)!),
                                "visited": .bool(label.isVisited),
                            ]
                        }),
                ]
            }
            return .success(["cells": .array(cells), "visited": 0, "unvisited": 0, "revision": 1])
        }
        return harness
    }

    /// The view of the last `places.density` request of a run: the one drawn.
    static func drawnView(_ outcome: CLIHarness.Outcome) -> MapView? {
        outcome.calls.last { $0.method == Method.density.rawValue }.flatMap { view(of: $0.params) }
    }

    @Test(arguments: [
        (["--radius", "0", "--around", "1,2"], "--radius must be more than 0, got '0'"),
        (["--around", "1,2", "--radius=-5km"], "--radius must be more than 0, got '-5km'"),
        (["--around", "1,2", "--radius", "far"], "--radius expects a distance such as 500, 500km or 20mi"),
        (["--radius", "5km"], "--radius goes with --around"),
        (["--bbox", "50,0,40,10"], "--bbox must have south (50.0) at most north (40.0)"),
        (["--bbox", "0,0,95,10"], "--bbox.north must be between -90 and 90"),
        (["--around", "91,0"], "--around: latitude must be between -90 and 90"),
        (["--around", "1,2", "--bbox", "0,0,1,1"], "--bbox"),
        (["--width", "10"], "--width must be between 20 and 1000 cells, got 10"),
        (["--height", "201"], "--height must be between 6 and 200 cells, got 201"),
        (["--watch"], "--watch needs a terminal on standard output"),
        (["--watch", "--svg", "map.svg"], "--watch draws on the terminal; it cannot be used with --svg"),
        (["--country", "FR"], "--country names the country of the city given to --around"),
        (["--json"], "map draws a picture and has no JSON"),
    ])
    func badInputIsAUsageError(arguments: [String], message: String) {
        let outcome = Self.daemon([Self.paris]).run(["map"] + arguments)
        #expect(outcome.exitCode == .usage, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(outcome.calls.isEmpty)
    }

    @Test func aTerminalTooSmallIsRefusedWithTheMinimum() {
        var harness = Self.daemon([Self.paris])
        harness.isStandardOutputTerminal = true
        harness.terminalColumns = 30
        harness.terminalRows = 4
        let outcome = harness.run("map")
        #expect(outcome.exitCode == .usage)
        #expect(
            outcome.standardError.contains("the terminal is too small for a map: 30 × 4 cells, at least 20 × 6 needed"),
            "\(outcome.standardError)")
    }

    /// The fit asks only for grids, and the view drawn holds every place with room around it.
    @Test func theFitHoldsEveryPlace() throws {
        let outcome = Self.daemon([Self.paris, Self.lima]).run("map", "--width", "80", "--height", "24")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(outcome.calls.allSatisfy { $0.method == Method.density.rawValue })
        #expect(outcome.calls.count == MapFit.steps + 1)
        let view = try #require(Self.drawnView(outcome))
        #expect(view.columns <= 80 && view.rows <= 23)
        for place in [Self.paris, Self.lima] {
            #expect(view.cell(of: place.coordinate) != nil, "\(place.name) is not in \(view)")
        }
        #expect(view.longitudeSpan < 180, "two places do not make the world: \(view)")
        #expect(outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count == 25)
    }

    /// Places on both sides of the antimeridian get a view across it, not the whole world.
    @Test func placesAcrossTheAntimeridianGetAViewAcrossIt() throws {
        let outcome = Self.daemon([Self.suva, Self.apia]).run("map", "--width", "80", "--height", "24")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let view = try #require(Self.drawnView(outcome))
        #expect(view.bbox.wraps, "\(view)")
        #expect(view.longitudeSpan < 60, "\(view)")
    }

    /// With no places, the world.
    @Test func noPlacesShowTheWorld() throws {
        let outcome = Self.daemon([]).run("map", "--width", "80", "--height", "24")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(outcome.calls.count == 2)
        #expect(try #require(Self.drawnView(outcome)).longitudeSpan == 360)
    }

    /// A map with no place says so on its legend's line, as `list` says it, and names the filters that left none.
    @Test(arguments: [
        ([String](), ListCommand.emptyMessage),
        (["--tag", "nosuchtag"], "No places match --tag nosuchtag."),
        (
            ["--unvisited", "--search", "Big Ben", "--tag", "a", "--tag", "b"],
            "No places match --unvisited --search 'Big Ben' --tag a --tag b."
        ),
        (["--around", "1,2", "--radius", "20mi"], "No places match --around 1,2 --radius 20mi."),
        (["--bbox", "35,-10,60,30", "--visited"], "No places match --bbox 35,-10,60,30 --visited."),
    ])
    func noPlaceShownIsSaidOnTheLegend(arguments: [String], note: String) throws {
        let outcome = Self.daemon([]).run(["map", "--width", "80", "--height", "24"] + arguments)
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let legend = try #require(outcome.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(legend.hasPrefix(note), "\(legend)")
        #expect(!legend.contains("not visited"), "no marker to explain: \(legend)")
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")

        let svg = Self.daemon([]).run(["map", "--svg", "-"] + arguments)
        #expect(svg.exitCode == .success, "\(svg.standardError)")
        let escaped = note.replacing("'", with: "&apos;")
        #expect(svg.standardOutput.contains(">\(escaped)</text>"), "\(svg.standardOutput.suffix(400))")
        #expect(!svg.standardOutput.contains(">not visited</text>"))
    }

    /// With a place on it, the legend says what the markers mean and nothing of an empty map.
    @Test func aMapWithPlacesHasTheUsualLegend() throws {
        let outcome = Self.daemon([Self.paris]).run("map", "--width", "80", "--height", "24", "--tag", "food")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let legend = try #require(outcome.standardOutput.split(separator: "\n").last)
        #expect(legend.contains("not visited") && !legend.contains("No places"), "\(legend)")
    }

    /// On a narrow map the note is cut to the width, never wrapped.
    @Test func theNoteIsCutToANarrowMap() throws {
        let outcome = Self.daemon([]).run("map", "--width", "20", "--height", "6")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let legend = try #require(outcome.standardOutput.split(separator: "\n").last)
        #expect(legend.hasPrefix("No places yet.") && legend.hasSuffix("…") && legend.count == 20, "\(legend)")
    }

    /// `--around` shows at least the radius on every side; the filters go with every request.
    @Test func aroundAPointWithFilters() throws {
        let outcome = Self.daemon([Self.paris]).run(
            "map", "--around", "48.8566,2.3522", "--radius", "20mi", "--unvisited", "--tag", "food", "--search",
            "bistro", "--width", "40", "--height", "12")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let call = try #require(outcome.calls.first)
        #expect(outcome.calls.count == 1)
        #expect(call.params?["visited"] == .bool(false))
        #expect(call.params?["tag"] == ["food"])
        #expect(call.params?["query"] == "bistro")
        let view = try #require(Self.drawnView(outcome))
        let degrees = 20 * DistanceText.metresPerMile / MapView.metresPerDegree
        #expect(view.latitudeSpan >= 2 * degrees * 0.999, "\(view)")
    }

    /// `export --format svg` draws the map of every place into the file, asking only `places.density`.
    @Test func exportWritesTheMapAsSVG() throws {
        let outcome = Self.daemon([Self.paris, Self.lima]).run("export", "--format", "svg", "-o", "map.svg")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(outcome.calls.allSatisfy { $0.method == Method.density.rawValue })
        #expect(outcome.writtenFiles["map.svg"] != nil)
        #expect(outcome.standardOutput == "Wrote the map to 'map.svg'.\n")
        let view = try #require(Self.drawnView(outcome))
        #expect(view.columns <= ExportCommand.mapSize.columns)

        let json = Self.daemon([Self.paris]).run("export", "--format", "svg", "--json")
        #expect(json.exitCode == .success, "\(json.standardError)")
        #expect(
            json.standardOutput.hasPrefix(#"{"format":"svg","document":"<?xml"#), "\(json.standardOutput.prefix(80))")
    }
}
