import Testing

@testable import PlacesCLI

/// A compact, comparable rendering of a parse result.
private func summary(_ invocation: Invocation) -> String {
    switch invocation {
    case .overview: return "overview"
    case .bare: return "bare"
    case .help(let command): return "help \(command)"
    case .version: return "version"
    case .run(let input, let globals):
        var parts = [input.command.name, "[" + input.arguments.joined(separator: ",") + "]"]
        parts += input.values.keys.sorted().map { "\($0)=\(input.values[$0]!.text)" }
        parts += input.flags.sorted()
        if let socket = globals.socketPath { parts.append("socket=\(socket)") }
        if globals.isJSON { parts.append("json") }
        if globals.isPagerDisabled { parts.append("no-pager") }
        if globals.color != .auto { parts.append("color=\(globals.color.rawValue)") }
        return parts.joined(separator: " ")
    }
}

private func parse(_ arguments: [String]) -> String {
    do {
        return summary(try CommandLineParser().parse(arguments))
    } catch {
        return "error: \(error.report)"
    }
}

@Suite struct CommandLineParserTests {
    /// Command lines that parse, and what they parse to.
    static let goodLines: [([String], String)] = [
        (["add", "Foo", "--lat", "-33.9", "--lon", "18.4"], "add [Foo] lat=-33.9 lon=18.4"),
        (["add", "Foo", "--latitude", "1", "--longitude", "-2"], "add [Foo] lat=1 lon=-2"),
        (["add", "--lat=-33.9", "--lon", "18.4", "--", "-Weird"], "add [-Weird] lat=-33.9 lon=18.4"),
        (
            ["add", "Café", "--lat", "1", "--lon", "2", "--visited", "--description", "-x"],
            "add [Café] description=-x lat=1 lon=2 visited"
        ),
        (["--json", "list"], "list [] json"),
        (["list", "--json"], "list [] json"),
        (
            ["list", "--visited", "--search", "tower", "--offset", "5", "--limit", "2"],
            "list [] limit=2 offset=5 search=tower visited"
        ),
        (["--socket", "/x.sock", "get", "abcd"], "get [abcd] socket=/x.sock"),
        (["get", "abcd", "--socket=/x.sock"], "get [abcd] socket=/x.sock"),
        (
            ["update", "abcd", "--unvisited", "--if-version", "3", "--name", "New"],
            "update [abcd] if-version=3 name=New unvisited"
        ),
        (["remove", "abcd", "--if-version", "2"], "remove [abcd] if-version=2"),
        (["status"], "status []"),
        (["move", "abcd", "3"], "move [abcd,3]"),
        (["move", "abcd", "--before", "ef01", "--if-version", "2"], "move [abcd] before=ef01 if-version=2"),
        (["move", "abcd", "--bottom"], "move [abcd] bottom"),
        (["visit", "abcd"], "visit [abcd]"),
        (["unvisit", "abcd", "--if-version", "1"], "unvisit [abcd] if-version=1"),
        (["near", "--lat", "1", "--lon", "-2", "--radius", "5km"], "near [] lat=1 lon=-2 radius=5km"),
        (["watch", "--json"], "watch [] json"),
        (["export", "--format", "gpx", "-o", "out.gpx"], "export [] format=gpx output=out.gpx"),
        (["export", "--output=-"], "export [] output=-"),
        (["import", "-"], "import [-]"),
        (["import", "places.json", "--json"], "import [places.json] json"),
        (["call", "places.list"], "call [places.list] json"),
        (["call", "places.get", "{\"id\": \"x\"}"], "call [places.get,{\"id\": \"x\"}] json"),
        (["help"], "help []"),
        (["help", "add"], "help [add]"),
        (["--help"], "overview"),
        (["-h"], "overview"),
        (["add", "--help"], "help add"),
        (["list", "-h", "--bogus"], "help list"),
        (["--bogus", "list", "--help"], "help list"),
        (["help", "--help"], "help help"),
        (["--version"], "version"),
        (["status", "--version"], "version"),
        ([], "bare"),
        (["--no-pager", "list", "--color=never"], "list [] no-pager color=never"),
        (["add", "Big Ben", "51.5007", "-0.1246"], "add [Big Ben,51.5007,-0.1246]"),
        (["add", "X", "-.5", "--lon", "-2"], "add [X,-.5] lon=-2"),
    ]

    @Test(arguments: goodLines)
    func parsesGoodLines(arguments: [String], expected: String) {
        #expect(parse(arguments) == expected)
    }

    /// Command lines that are usage errors, and the message.
    static let badLines: [([String], String)] = [
        (["frob"], "unknown command 'frob'.\nRun 'placesctl help' for usage."),
        (["frob", "--help"], "unknown command 'frob'.\nRun 'placesctl help' for usage."),
        (["list", "--bogus"], "unknown option '--bogus' for 'list'.\nRun 'placesctl help list' for usage."),
        (["lsit"], "unknown command 'lsit'; did you mean 'list'?\nRun 'placesctl help' for usage."),
        (
            ["list", "--limt", "2"],
            "unknown option '--limt' for 'list'; did you mean '--limit'?\nRun 'placesctl help list' for usage."
        ),
        (
            ["--color", "blue", "list"],
            "--color expects auto, always or never, got 'blue'.\nRun 'placesctl help' for usage."
        ),
        (["list", "-5"], "unexpected argument '-5'.\nRun 'placesctl help list' for usage."),
        (["--lat", "1", "add"], "unknown option '--lat'.\nRun 'placesctl help' for usage."),
        (["status", "-x"], "unknown option '-x' for 'status'.\nRun 'placesctl help status' for usage."),
        (["add", "Foo", "--lat"], "option '--lat' needs a value (LAT).\nRun 'placesctl help add' for usage."),
        (["add", "--lat", "1", "--lon", "2"], "missing argument NAME.\nRun 'placesctl help add' for usage."),
        (["get"], "missing argument ID.\nRun 'placesctl help get' for usage."),
        (["import"], "missing argument FILE.\nRun 'placesctl help import' for usage."),
        (["watch", "now"], "unexpected argument 'now'.\nRun 'placesctl help watch' for usage."),
        (["move", "abcd", "1", "2"], "unexpected argument '2'.\nRun 'placesctl help move' for usage."),
        (["get", "abcd", "efgh"], "unexpected argument 'efgh'.\nRun 'placesctl help get' for usage."),
        (["call"], "missing argument METHOD.\nRun 'placesctl help call' for usage."),
        (
            ["list", "--visited", "--unvisited"],
            "options '--visited' and '--unvisited' cannot be used together.\nRun 'placesctl help list' for usage."
        ),
        (["list", "--json=yes"], "option '--json' takes no value.\nRun 'placesctl help list' for usage."),
        (
            ["list", "--limit", "1", "--limit", "2"],
            "option '--limit' is given more than once.\nRun 'placesctl help list' for usage."
        ),
        (["--socket", "", "status"], "option '--socket' needs a non-empty path.\nRun 'placesctl help' for usage."),
        (
            ["--socket", "/a", "status", "--socket", "/b"],
            "option '--socket' is given more than once.\nRun 'placesctl help status' for usage."
        ),
        (
            ["add", "X", "1", "2", "--", "--json"],
            "unexpected argument '--json'.\nRun 'placesctl help add' for usage."
        ),
    ]

    @Test(arguments: badLines)
    func refusesBadLines(arguments: [String], message: String) {
        #expect(parse(arguments) == "error: placesctl: \(message)\n")
    }

    @Test func usageErrorsExitWith64() throws {
        #expect(throws: CLIFailure.self) { try CommandLineParser().parse(["frob"]) }
        #expect(CLIFailure.usage("x", command: nil).exitCode == .usage)
    }

    @Test func keepsTheSpellingUsedForMessages() throws {
        guard case .run(let input, _) = try CommandLineParser().parse(["add", "X", "--latitude", "1", "--lon", "2"])
        else {
            Issue.record("expected a command to run")
            return
        }
        #expect(input.values["lat"]?.spelling == "--latitude")
        #expect(input.values["lat"]?.text == "1")
    }
}
