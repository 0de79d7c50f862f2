import PlacesCLI
import PlacesClient
import PlacesProtocol
import Testing

@Suite struct CommandRunTests {
    /// A daemon that knows the three fixture places.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { method, params in
            switch method {
            case "places.list": .success(Fixtures.list([Fixtures.eiffel, Fixtures.louvre, Fixtures.bridge]))
            case "places.add", "places.get", "places.update": .success(Fixtures.eiffel)
            case "places.remove": .success(["id": .string(Fixtures.eiffelID), "removed": true])
            case "server.status": .success(["version": "0.1.0", "protocol": 1, "locked": false])
            default: .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
            }
        }
        return harness
    }

    @Test func addSendsTheFieldsAndConfirms() {
        let outcome = Self.daemon().run(
            "add", "Eiffel Tower", "--lat", "48.8584", "--lon", "2.2945", "--description", "Iron lady", "--visited")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "Added 'Eiffel Tower' (0f8fad5b).\n")
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.calls == [
                .init(
                    method: "places.add",
                    params: [
                        "name": "Eiffel Tower", "description": "Iron lady", "latitude": 48.8584, "longitude": 2.2945,
                        "visited": true,
                    ])
            ])
        #expect(outcome.wasClosed)
    }

    @Test func negativeCoordinatesAreValues() {
        let outcome = Self.daemon().run("add", "--lat", "-33.9", "--longitude=-18.4", "--", "-Cape-")
        #expect(outcome.exitCode == .success)
        #expect(outcome.calls.first?.params == ["name": "-Cape-", "latitude": -33.9, "longitude": -18.4])
    }

    @Test func jsonPrintsOnlyTheResult() {
        let add = Self.daemon().run("add", "X", "--lat", "1", "--lon", "2", "--json")
        #expect(add.standardOutput == Fixtures.eiffel.jsonText + "\n")
        let list = Self.daemon().run("--json", "list")
        let places = JSONValue.array([Fixtures.eiffel, Fixtures.louvre, Fixtures.bridge])
        #expect(list.standardOutput == (["places": places, "total": 3, "revision": 7] as JSONValue).jsonText + "\n")
        let remove = Self.daemon().run("remove", Fixtures.eiffelID, "--json")
        #expect(remove.standardOutput == "{\"id\":\"\(Fixtures.eiffelID)\",\"removed\":true}\n")
    }

    @Test func listPrintsTheTable() {
        let outcome = Self.daemon().run("list", "--unvisited", "--search", "tower", "--limit", "10")
        #expect(
            outcome.calls == [.init(method: "places.list", params: ["visited": false, "query": "tower", "limit": 10])])
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("ID        NAME"))
        #expect(lines[3].hasPrefix("7c9e6679  Golden Gate"))
    }

    @Test func listWithoutFiltersSendsNoParams() {
        #expect(Self.daemon().run("list").calls == [.init(method: "places.list", params: nil)])
    }

    @Test func listUsesTheTerminalWidth() {
        var harness = Self.daemon()
        harness.respond = { _, _ in
            .success(
                Fixtures.list([
                    Fixtures.placeJSON(
                        id: Fixtures.eiffelID, name: "E", description: String(repeating: "d", count: 200))
                ]))
        }
        harness.terminalColumns = 120
        #expect(harness.run("list").standardOutput.split(separator: "\n").map(\.count).max() == 120)
        harness.terminalColumns = nil
        harness.isStandardOutputTerminal = true
        harness.environment["NO_COLOR"] = "1"
        #expect(harness.run("list").standardOutput.split(separator: "\n").map(\.count).max() == 80)
        harness.isStandardOutputTerminal = false
        #expect(harness.run("list").standardOutput.contains(String(repeating: "d", count: 200)), "whole when piped")
    }

    /// A daemon without `places.resolve`: the prefix is matched against the list, as before.
    @Test func prefixesFallBackToTheListOnAnOlderDaemon() {
        let outcome = Self.daemon().run("get", "7c9e")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.calls == [
                .init(method: "places.resolve", params: ["ref": "7c9e"]),
                .init(method: "places.list", params: nil),
                .init(method: "places.get", params: ["id": .string(Fixtures.bridgeID)]),
            ])
        #expect(outcome.standardOutput.hasPrefix("Name:        Eiffel Tower\n"))
    }

    @Test func fullIDsSkipTheList() {
        let outcome = Self.daemon().run("get", Fixtures.bridgeID.uppercased())
        #expect(outcome.calls == [.init(method: "places.get", params: ["id": .string(Fixtures.bridgeID)])])
    }

    /// A prefix that matches several places is invalid input (65), one that matches none is not found (66);
    /// with --json each prints the error the daemon would give for such an id.
    @Test func ambiguousAndUnknownPrefixesAreRefusedAsTheDaemonWould() {
        let ambiguous = Self.daemon().run("remove", "0f8f")
        #expect(ambiguous.exitCode == .dataError)
        #expect(ambiguous.standardError.hasPrefix("placesctl: id prefix '0f8f' is ambiguous; it matches 2 places:\n"))
        #expect(ambiguous.calls.map(\.method) == ["places.resolve", "places.list"])
        let unknown = Self.daemon().run("get", "abcd")
        #expect(unknown.exitCode == .notFound)
        #expect(unknown.standardError == "placesctl: No place matches 'abcd'.\n")
        #expect(unknown.standardOutput.isEmpty)

        let ambiguousJSON = Self.daemon().run("--json", "remove", "0f8f")
        #expect(
            ambiguousJSON.standardOutput
                == #"{"error":{"code":-32602,"message":"Invalid params: id prefix '0f8f' is ambiguous; it matches 2 "#
                + #"places.","data":{"field":"id","reason":"prefix '0f8f' is ambiguous; it matches 2 places"}}}"#
                + "\n")
        let unknownJSON = Self.daemon().run("get", "abcd", "--json")
        #expect(
            unknownJSON.standardOutput == #"{"error":{"code":-32001,"message":"No place matches 'abcd'."}}"# + "\n")
        #expect(unknownJSON.exitCode == .notFound)
    }

    /// Names go to `places.resolve`: one candidate names the place, several are listed and refused (65).
    @Test func namesAreResolvedByTheDaemon() {
        var harness = Self.daemon()
        harness.respond = { method, params in
            switch method {
            case "places.resolve" where params?["ref"]?.stringValue == "eiffel":
                .success([
                    "match": "namePrefix", "candidates": [["id": .string(Fixtures.eiffelID), "name": "Eiffel Tower"]],
                    "more": false,
                ])
            case "places.resolve":
                .success([
                    "match": "name",
                    "candidates": [
                        ["id": .string(Fixtures.eiffelID), "name": "Tower"],
                        ["id": .string(Fixtures.louvreID), "name": "Tower"],
                    ],
                    "more": false,
                ])
            default: .success(Fixtures.eiffel)
            }
        }
        let found = harness.run("get", "eiffel")
        #expect(found.exitCode == .success)
        #expect(found.calls.last == .init(method: "places.get", params: ["id": .string(Fixtures.eiffelID)]))
        let ambiguous = harness.run("remove", "tower")
        #expect(ambiguous.exitCode == .dataError)
        #expect(
            ambiguous.standardError == """
                placesctl: name 'tower' is ambiguous; it matches 2 places:
                  0f8fad5b  Tower
                  0f8fad5c  Tower

                """)
        #expect(ambiguous.calls.map(\.method) == ["places.resolve"])
    }

    @Test func updateSendsOnlyTheChanges() {
        let outcome = Self.daemon().run("update", "7c9e6679", "--lat", "-1.5", "--unvisited", "--if-version", "3")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.calls.last
                == .init(
                    method: "places.update",
                    params: ["id": .string(Fixtures.bridgeID), "latitude": -1.5, "visited": false, "ifVersion": 3]))
        #expect(outcome.standardOutput == "Updated 'Eiffel Tower' (0f8fad5b), now at version 1.\n")
    }

    @Test func nearAndListSendTagsWithTheSort() {
        let near = Self.daemon().run(
            "near", "--lat", "1", "--lon", "2", "--tag", "Rome", "--tag", "museum", "--sort", "visitedAt")
        #expect(
            near.calls.first
                == .init(
                    method: "places.near",
                    params: ["latitude": 1, "longitude": 2, "sort": "visitedAt", "tag": ["Rome", "museum"]]),
            "\(near.calls)")
        let list = Self.daemon().run("list", "--tag", "paris", "--sort", "name", "--reverse")
        #expect(
            list.calls.first
                == .init(method: "places.list", params: ["sort": "name", "order": "desc", "tag": ["paris"]]),
            "\(list.calls)")
    }

    @Test func removeConfirms() {
        let outcome = Self.daemon().run("remove", Fixtures.eiffelID, "--if-version", "1")
        #expect(
            outcome.calls == [
                .init(method: "places.get", params: ["id": .string(Fixtures.eiffelID)]),
                .init(method: "places.remove", params: ["id": .string(Fixtures.eiffelID), "ifVersion": 1]),
            ])
        #expect(outcome.standardOutput == "Removed 'Eiffel Tower' (0f8fad5b).\n")
    }

    @Test func statusPrintsKeyValueLines() {
        let outcome = Self.daemon().run("status")
        #expect(outcome.standardOutput == "Version:  0.1.0\nProtocol: 1\nLocked:   no\n")
        #expect(outcome.calls == [.init(method: "server.status", params: nil)])
    }

    @Test func callPrintsTheRawResult() {
        let outcome = Self.daemon().run("call", "places.get", "{\"id\": \"\(Fixtures.eiffelID)\"}")
        #expect(outcome.calls == [.init(method: "places.get", params: ["id": .string(Fixtures.eiffelID)])])
        #expect(outcome.standardOutput == Fixtures.eiffel.jsonText + "\n")
        let unknown = Self.daemon().run("call", "places.frob")
        #expect(unknown.exitCode == .usage)
        #expect(unknown.standardError == "placesctl: Method 'places.frob' not found.\n")
        #expect(
            unknown.standardOutput == #"{"error":{"code":-32601,"message":"Method 'places.frob' not found."}}"# + "\n")
    }

    @Test(arguments: [
        (["add", "X", "--lat", "abc", "--lon", "2"], "--lat expects a number, got 'abc'", "add"),
        (["add", "X", "--latitude", "nan", "--lon", "2"], "--latitude expects a number, got 'nan'", "add"),
        (["list", "--limit", "1.5"], "--limit expects a whole number, got '1.5'", "list"),
        (["get", " "], "a place's name or id cannot be empty", "get"),
        (["near", "--lat", "1"], #"give WHERE (a place, "LAT,LON" or a city), --lat and --lon, or --from ID"#, "near"),
        (
            ["near", "Kyoto", "--lat", "1", "--lon", "2"], "give WHERE, --from or --lat and --lon, only one of them",
            "near"
        ),
        (["near", "--country", "FR"], "--country names the country of the city given as WHERE; give WHERE", "near"),
        (
            ["add", "Paris", "1", "2", "--country", "FR"],
            "--country is for a city's name without coordinates; give one or the other", "add"
        ),
        (["where", " "], "NAME cannot be empty", "where"),
        (["list", "--bbox", "10,0,0,1"], "--bbox must have south (10.0) at most north (0.0)", "list"),
        (
            ["update", "abcd", "--if-version", "2"],
            "nothing to update: give at least one of --name, --description, --lat, --lon, --visited, --unvisited",
            "update"
        ),
        (["call", "places.list", "{nope"], "PARAMS-JSON is not valid JSON", "call"),
    ])
    func usageErrorsNeverReachTheDaemon(arguments: [String], message: String, command: String) {
        let outcome = Self.daemon().run(arguments)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.connectedPaths.isEmpty)
        // call implies --json, which prints every failure as an error object.
        #expect(outcome.standardOutput.isEmpty == (command != "call"), "\(outcome.standardOutput)")
        #expect(outcome.standardError.hasPrefix("placesctl: \(message)"))
        #expect(outcome.standardError.hasSuffix("\nRun 'placesctl help \(command)' for usage.\n"))
    }

    @Test func aValueTheDaemonWouldRefuseIsRefusedAsItWouldBeWithoutARequest() {
        var harness = CLIHarness()
        harness.isDaemonDown = true
        let outcome = harness.run("add", "X", "--lat", "91", "--lon", "0")
        #expect(outcome.exitCode == .dataError)
        #expect(outcome.calls.isEmpty)
        #expect(outcome.standardError == "placesctl: latitude must be between -90 and 90.\n")
        #expect(outcome.standardOutput.isEmpty, "the error object only with --json")

        let json = harness.run("add", "X", "--lat", "91", "--lon", "0", "--json")
        #expect(json.exitCode == .dataError)
        #expect(json.calls.isEmpty)
        #expect(
            json.standardOutput
                == #"{"error":{"code":-32602,"message":"Invalid params: latitude must be between -90 and 90.","#
                + #""data":{"field":"latitude","reason":"must be between -90 and 90"}}}"# + "\n")
        #expect(json.standardError == "placesctl: latitude must be between -90 and 90.\n")
    }

    @Test func unreachableDaemonExitsWith69() {
        var harness = Self.daemon()
        harness.isDaemonDown = true
        let outcome = harness.run("list")
        #expect(outcome.exitCode == .unavailable)
        #expect(
            outcome.standardError
                == "placesctl: cannot connect to placesd at '/tmp/test.sock': No such file or directory. Is placesd running?\n"
        )
    }

    @Test func brokenRepliesExitWith70() {
        var harness = CLIHarness()
        harness.respond = { _, _ in .failure(.connectionClosed) }
        #expect(harness.run("status").exitCode == .software)
        harness.respond = { _, _ in .success(["places": "nope"]) }
        let list = harness.run("list")
        #expect(list.exitCode == .software)
        #expect(
            list.standardError == "placesctl: malformed reply from placesd: places.list returned no 'places' array.\n")
        harness.respond = { _, _ in .success(["id": "not-a-uuid"]) }
        let add = harness.run("add", "X", "--lat", "1", "--lon", "2")
        #expect(add.exitCode == .software)
        #expect(add.standardError.hasPrefix("placesctl: malformed place in the reply from placesd: "))
    }

    @Test func callPrintsTheOpenRPCDocument() {
        var harness = CLIHarness()
        let document: JSONValue = [
            "openrpc": "1.3.2", "info": ["title": "placesd", "version": "0.1.0"],
            "methods": [["name": "places.add", "params": []]],
        ]
        harness.respond = { method, _ in
            method == "rpc.discover" ? .success(document) : .failure(.rpc(.methodNotFound(method)))
        }
        let outcome = harness.run("call", "rpc.discover")
        #expect(outcome.exitCode == .success)
        #expect(outcome.calls == [.init(method: "rpc.discover", params: nil)])
        #expect(outcome.standardOutput == document.jsonText + "\n")
    }

    @Test func failingOutputExitsWith74() {
        var harness = Self.daemon()
        harness.outputFailure = OutputError(reason: "No space left on device")
        let outcome = harness.run("list")
        #expect(outcome.exitCode == .ioError)
        #expect(outcome.standardError == "placesctl: cannot write to standard output: No space left on device.\n")
        #expect(harness.run("--help").exitCode == .ioError)
    }
}
