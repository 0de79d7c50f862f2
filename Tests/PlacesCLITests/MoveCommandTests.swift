import PlacesClient
import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct MoveCommandTests {
    /// A daemon listing Eiffel (0), Louvre (1), Golden Gate (2) and answering moves with the index asked for.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { method, params in
            switch method {
            case "places.list": .success(Fixtures.list([Fixtures.eiffel, Fixtures.louvre, Fixtures.bridge]))
            case "places.get": .success(Fixtures.bridge)
            case "places.move":
                .success(["id": params?["id"] ?? .null, "index": params?["index"] ?? .null, "revision": 8])
            default: .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
            }
        }
        return harness
    }

    /// (place's current index, anchor's index, final index before, final index after).
    @Test(arguments: [
        (2, 0, 0, 1), (2, 1, 1, 2), (0, 2, 1, 2), (0, 1, 0, 1), (1, 0, 0, 1), (1, 2, 1, 2), (3, 1, 1, 2),
        (0, 5, 4, 5),
    ])
    func beforeAndAfterMindThePlaceLeavingItsSlot(current: Int, anchor: Int, before: Int, after: Int) {
        #expect(MoveCommand.index(before: anchor, movingFrom: current) == before)
        #expect(MoveCommand.index(after: anchor, movingFrom: current) == after)
    }

    /// Command lines and the `places.move` params they lead to.
    static let targets: [([String], String, Int64)] = [
        (["move", "7c9e", "0"], Fixtures.bridgeID, 0),
        (["move", "7c9e", "--before", "0f8fad5c"], Fixtures.bridgeID, 1),
        (["move", "7c9e", "--after", "0f8fad5b"], Fixtures.bridgeID, 1),
        (["move", "0f8fad5b", "--after", "7c9e"], Fixtures.eiffelID, 2),
        (["move", "0f8fad5b", "--before", "7c9e"], Fixtures.eiffelID, 1),
        (["move", "0f8fad5b", "--after", "0f8fad5c"], Fixtures.eiffelID, 1),
        (["move", "0f8fad5b", "--bottom"], Fixtures.eiffelID, 2),
        (["move", "7c9e", "--top"], Fixtures.bridgeID, 0),
        (["move", "0f8fad5c", "99"], Fixtures.louvreID, 99),
    ]

    @Test(arguments: targets)
    func sendsTheTargetIndex(arguments: [String], id: String, index: Int64) {
        let outcome = Self.daemon().run(arguments)
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(outcome.calls.map(\.method) == ["places.list", "places.move"])
        #expect(outcome.calls.last?.params == ["id": .string(id), "index": .number(JSONNumber(index))])
    }

    @Test func confirmsWithTheZeroBasedPositionTheDaemonReports() {
        var harness = Self.daemon()
        harness.respond = { method, _ in
            method == "places.list"
                ? .success(Fixtures.list([Fixtures.eiffel, Fixtures.louvre, Fixtures.bridge]))
                : .success(["id": .string(Fixtures.bridgeID), "index": 2, "revision": 8])
        }
        let outcome = harness.run("move", "7c9e", "99")
        #expect(outcome.standardOutput == "Moved 'Golden Gate' (7c9e6679) to position 2.\n")
        let json = harness.run("move", "7c9e", "99", "--json")
        #expect(json.standardOutput == "{\"id\":\"\(Fixtures.bridgeID)\",\"index\":2,\"revision\":8}\n")
    }

    @Test func aFullIDWithAnIndexSkipsTheList() {
        let outcome = Self.daemon().run("move", Fixtures.bridgeID, "1", "--if-version", "3")
        #expect(
            outcome.calls == [
                .init(method: "places.get", params: ["id": .string(Fixtures.bridgeID)]),
                .init(method: "places.move", params: ["id": .string(Fixtures.bridgeID), "index": 1, "ifVersion": 3]),
            ])
        #expect(outcome.standardOutput == "Moved 'Golden Gate' (7c9e6679) to position 1.\n")
        let top = Self.daemon().run("move", Fixtures.bridgeID, "--top")
        #expect(top.calls.map(\.method) == ["places.get", "places.move"])
        #expect(top.calls.last?.params?["index"] == 0)
    }

    /// Command lines that are usage errors, and the message.
    static let badLines: [([String], String)] = [
        (["move", "7c9e"], "say where to move the place: give INDEX, --before, --after, --top or --bottom"),
        (["move", "7c9e", "1", "--top"], "give INDEX or one of --before, --after, --top and --bottom, not both"),
        (["move", "7c9e", "--top", "--bottom"], "options '--top' and '--bottom' cannot be used together"),
        (["move", "7c9e", "--before", "0f8fad5b", "--after", "0f8fad5b"], "options '--before' and '--after' cannot"),
        (["move", "7c9e", "first"], "INDEX must be a whole number from 0 up, got 'first'"),
        (["move", "7c9e", "--", "-1"], "INDEX must be a whole number from 0 up, got '-1'"),
        (["move", "7c9e", "--if-version", "x", "--top"], "--if-version expects a whole number, got 'x'"),
    ]

    @Test(arguments: badLines)
    func usageErrors(arguments: [String], message: String) {
        let outcome = Self.daemon().run(arguments)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.connectedPaths.isEmpty)
        #expect(outcome.standardError.hasPrefix("placesctl: \(message)"), "\(outcome.standardError)")
    }

    @Test func aPlaceCannotGoBeforeItself() {
        let outcome = Self.daemon().run("move", "7c9e", "--before", Fixtures.bridgeID)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.standardError.hasPrefix("placesctl: a place cannot be moved before or after itself.\n"))
        #expect(outcome.calls.map(\.method) == ["places.list"])
    }

    @Test func anUnknownAnchorIsNotFound() {
        let outcome = Self.daemon().run("move", "7c9e", "--after", "abcd")
        #expect(outcome.exitCode == .notFound)
        #expect(outcome.standardError == "placesctl: No place matches 'abcd'.\n")
    }

    @Test func aConflictExitsWith73() {
        var harness = Self.daemon()
        harness.respond = { method, _ in
            method == "places.get" ? .success(Fixtures.bridge) : .failure(.rpc(.conflict(currentVersion: 4)))
        }
        let outcome = harness.run("move", Fixtures.bridgeID, "0", "--if-version", "3")
        #expect(outcome.exitCode == .conflict)
        #expect(outcome.exitCode.rawValue == 73)
        #expect(outcome.standardError == "placesctl: Version conflict: the place is at version 4.\n")
    }
}

@Suite struct VisitCommandTests {
    /// A daemon that returns the place with the `visited` it was sent.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { method, params in
            switch method {
            case "places.list": .success(Fixtures.list([Fixtures.eiffel, Fixtures.louvre, Fixtures.bridge]))
            case "places.update":
                .success(
                    Fixtures.placeJSON(
                        id: Fixtures.bridgeID, name: "Golden Gate", visited: params?["visited"] == true, version: 4))
            default: .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
            }
        }
        return harness
    }

    @Test func visitSetsVisited() {
        let outcome = Self.daemon().run("visit", "7c9e", "--if-version", "3")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.calls.last
                == .init(
                    method: "places.update",
                    params: ["id": .string(Fixtures.bridgeID), "visited": true, "ifVersion": 3]
                ))
        #expect(outcome.standardOutput == "Marked 'Golden Gate' (7c9e6679) as visited.\n")
    }

    @Test func unvisitClearsVisited() {
        let outcome = Self.daemon().run("unvisit", Fixtures.bridgeID)
        #expect(
            outcome.calls == [
                .init(method: "places.update", params: ["id": .string(Fixtures.bridgeID), "visited": false])
            ])
        #expect(outcome.standardOutput == "Marked 'Golden Gate' (7c9e6679) as not visited.\n")
    }

    @Test func jsonPrintsThePlace() {
        let outcome = Self.daemon().run("--json", "visit", Fixtures.bridgeID)
        let place = Fixtures.placeJSON(id: Fixtures.bridgeID, name: "Golden Gate", visited: true, version: 4)
        #expect(outcome.standardOutput == place.jsonText + "\n")
    }

    @Test func unknownPlacesAreNotFound() {
        var harness = Self.daemon()
        harness.respond = { _, _ in .failure(.rpc(.notFound(id: Fixtures.bridgeID))) }
        let outcome = harness.run("unvisit", Fixtures.bridgeID)
        #expect(outcome.exitCode == .notFound)
        #expect(outcome.exitCode.rawValue == 66)
        #expect(outcome.standardError == "placesctl: No place with id '\(Fixtures.bridgeID)'.\n")
    }
}
