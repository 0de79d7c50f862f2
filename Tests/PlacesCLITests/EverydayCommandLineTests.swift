import PlacesCLI
import PlacesClient
import PlacesCommandLine
import PlacesProtocol
import Testing

/// The everyday command line: did-you-mean, bare placesctl, positional coordinates, JSON for every failure.
@Suite struct EverydayCommandLineTests {
    /// Typed words and what "did you mean" offers for them.
    static let suggestions: [(String, [String], [String])] = [
        ("lsit", ["add", "list", "get"], ["list"]),
        ("remvoe", ["remove", "move"], ["remove"]),
        ("ad", ["add", "get"], ["add"]),
        ("--vistied", ["--visited", "--unvisited"], ["--visited"]),
        ("--jsno", ["--json", "--socket"], ["--json"]),
        ("rem", ["remove", "move", "list"], ["remove"]),
        ("frobnicate", ["add", "list"], []),
        ("xy", ["add", "get"], []),
        ("gett", ["get", "set"], ["get"]),
    ]

    @Test("A mistyped word suggests the closest known ones", arguments: suggestions)
    func suggests(typed: String, candidates: [String], expected: [String]) {
        #expect(Suggestion.closest(to: typed, among: candidates) == expected, "\(typed)")
    }

    @Test func aMistypedCommandOrOptionSaysDidYouMean() {
        let command = CLIHarness().run("lsit")
        #expect(command.exitCode == .usage)
        #expect(
            command.standardError
                == "placesctl: unknown command 'lsit'; did you mean 'list'?\nRun 'placesctl help' for usage.\n")
        let option = CLIHarness().run("list", "--vistied")
        #expect(option.exitCode == .usage)
        #expect(
            option.standardError.hasPrefix(
                "placesctl: unknown option '--vistied' for 'list'; did you mean '--visited'?\n"))
        let global = CLIHarness().run("--jsn", "status")
        #expect(global.standardError.hasPrefix("placesctl: unknown option '--jsn'; did you mean '--json'?\n"))
        let far = CLIHarness().run("frobnicate")
        #expect(far.standardError.hasPrefix("placesctl: unknown command 'frobnicate'.\n"))
    }

    @Test func barePlacesctlPrintsTheOverviewAndExits64() {
        let bare = CLIHarness().run()
        #expect(bare.exitCode == .usage)
        #expect(bare.standardOutput.hasPrefix("placesctl talks to placesd"))
        #expect(bare.standardOutput.contains("Commands:\n"))
        #expect(bare.standardError.isEmpty)
        #expect(bare.calls.isEmpty)
    }

    /// With --json every failure prints one error object: usage errors, an unreachable daemon, a refusal.
    @Test func jsonPrintsOneErrorObjectForEveryFailure() throws {
        let usage = CLIHarness().run("--json", "lsit")
        #expect(usage.exitCode == .usage)
        #expect(
            usage.standardOutput
                == #"{"error":{"code":-32064,"message":"unknown command 'lsit'; did you mean 'list'?"}}"# + "\n")
        let missing = CLIHarness().run("--json")
        #expect(missing.exitCode == .usage)
        #expect(missing.standardOutput == #"{"error":{"code":-32064,"message":"missing command."}}"# + "\n")
        let argument = CLIHarness().run("get", "--json")
        #expect(argument.exitCode == .usage)
        #expect(
            argument.standardOutput
                == #"{"error":{"code":-32064,"message":"missing argument ID.","data":{"command":"get"}}}"# + "\n")

        var down = CLIHarness()
        down.isDaemonDown = true
        let unreachable = down.run("list", "--json")
        #expect(unreachable.exitCode == .unavailable)
        let object = try JSONParser.parse(Array(unreachable.standardOutput.utf8))
        #expect(object["error"]?["code"] == -32069, "\(unreachable.standardOutput)")
        #expect(
            object["error"]?["message"]?.stringValue?.hasPrefix("cannot connect to placesd at '/tmp/test.sock'") == true
        )
        #expect(unreachable.standardOutput.filter { $0 == "\n" }.count == 1)

        let refused = CommandRunTests.daemon().run("--json", "call", "places.frob")
        #expect(refused.exitCode == .usage)
        #expect(
            refused.standardOutput
                == #"{"error":{"code":-32601,"message":"Method 'places.frob' not found."}}"# + "\n")
    }

    /// The coordinates of `add` as two arguments, negative ones included, or as one pasted pair.
    @Test(
        "add takes the coordinates after the name",
        arguments: [
            (["Big Ben", "51.5007", "-0.1246"], 51.5007, -0.1246),
            (["Eiffel", "48.8584, 2.2945"], 48.8584, 2.2945),
            (["Eiffel", "48.8584,2.2945"], 48.8584, 2.2945),
            (["Sydney", "-33.8568 151.2153"], -33.8568, 151.2153),
            (["Rio", "-22.9519", "-43.2105", "--visited"], -22.9519, -43.2105),
            (["Cape", "--lat", "-33.9", "--lon", "18.4"], -33.9, 18.4),
        ])
    func addTakesCoordinatesAsArguments(arguments: [String], latitude: Double, longitude: Double) {
        let outcome = CommandRunTests.daemon().run(["add"] + arguments)
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        let params = outcome.calls.first?.params
        #expect(params?["latitude"] == JSONNumber(latitude).map(JSONValue.number), "\(arguments)")
        #expect(params?["longitude"] == JSONNumber(longitude).map(JSONValue.number), "\(arguments)")
        #expect(params?["name"]?.stringValue == arguments[0])
    }

    /// Coordinates given wrongly, and the usage error each gets; nothing is sent.
    @Test(
        "add refuses coordinates given wrongly",
        arguments: [
            (["X", "48.8584"], "'48.8584' is not a latitude and a longitude"),
            (["X", "north", "2"], "LAT expects a number, got 'north'"),
            (["X", "1", "east"], "LON expects a number, got 'east'"),
            (["X", "1, 2, 3"], "'1, 2, 3' is not a latitude and a longitude"),
            (["X", "1", "2", "--lat", "1"], "give the coordinates either after the name or with --lat and --lon"),
            (["X", "--lat", "1"], "missing the longitude"),
            ([" "], "missing the latitude"),
            (["X", "1", "2", "3"], "unexpected argument '3'"),
        ])
    func addRefusesBadCoordinates(arguments: [String], message: String) {
        let outcome = CommandRunTests.daemon().run(["add"] + arguments)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.standardError.hasPrefix("placesctl: \(message)"), "\(outcome.standardError)")
        #expect(outcome.calls.isEmpty)
    }

    /// A name without coordinates is a city's: one that is no city is refused as not found, with the closest
    /// names, and nothing is sent.
    @Test func addWithoutCoordinatesTakesACity() {
        let unknown = CommandRunTests.daemon().run("add", "Kyotp")
        #expect(unknown.exitCode == .notFound)
        #expect(unknown.standardError == "placesctl: no city is named 'Kyotp'; did you mean 'Kyoto'?\n")
        #expect(unknown.calls.isEmpty)
        let kyoto = CommandRunTests.daemon().run("add", "Kyoto")
        #expect(kyoto.calls.first?.method == "places.add", "\(kyoto.calls)")
        let params = kyoto.calls.first?.params
        #expect(params?["name"] == .string("Kyoto"), "\(kyoto.calls)")
        #expect(params?["latitude"]?.numberValue?.double == 35.02107, "\(kyoto.calls)")
        #expect(params?["longitude"]?.numberValue?.double == 135.75385, "\(kyoto.calls)")
    }

    /// Of several cities, the most populous is taken, and the note says how to pick another: by country when the
    /// next one is in another country, else by state.
    @Test(arguments: [
        (
            "Paris",
            "placesctl: 'Paris' is taken as Paris, FR, the most populous of 2 cities by that name; for another, give "
                + "--country US or \"Paris, Texas\" ('placesctl where Paris' lists them).\n"
        ),
        (
            "Springfield, US",
            "placesctl: 'Springfield, US' is taken as Springfield, Missouri, US, the most populous of 8 cities by "
                + "that name; for another, give \"Springfield, Massachusetts\" ('placesctl where \"Springfield, US\"' "
                + "lists them).\n"
        ),
    ])
    func addOfAnAmbiguousCitySaysWhichItTook(_ name: String, _ note: String) {
        let outcome = CommandRunTests.daemon().run("add", name)
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardError == note)
    }

    @Test func removeSaysTheNameItRemoved() {
        let outcome = CommandRunTests.daemon().run("remove", "7c9e")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "Removed 'Golden Gate' (7c9e6679).\n")
        // A daemon without places.resolve: the prefix is matched in the list, which gives the name too.
        #expect(outcome.calls.map(\.method) == ["places.resolve", "places.list", "places.remove"])
    }
}
