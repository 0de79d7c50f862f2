import PlacesCLI
import PlacesClient
import PlacesProtocol
import PlacesSystem
import Testing

@Suite struct WatchCommandTests {
    /// The `places.watch` result: Eiffel and Louvre at revision 7.
    static let snapshot: JSONValue = ["revision": 7, "places": [Fixtures.eiffel, Fixtures.louvre]]

    /// A `places.changed` notification.
    static func changed(
        _ kind: String, _ place: JSONValue, revision: Int64, index: Int64? = nil
    ) -> Result<ServerNotification?, ClientError> {
        var params: JSONObject = ["change": .string(kind), "revision": .number(JSONNumber(revision)), "place": place]
        if let index {
            params.members.append((key: "index", value: .number(JSONNumber(index))))
        }
        return .success(ServerNotification(method: "places.changed", params: .object(params)))
    }

    /// The `places.overflow` notification.
    static let overflow: Result<ServerNotification?, ClientError> = .success(
        ServerNotification(method: "places.overflow", params: ["reason": "Too slow."]))

    /// A daemon whose `places.watch` answers with `snapshot`, and with `since` with the `missed` changes after it.
    static func daemon(_ sessions: [CLIHarness.Session], missed: [JSONValue] = []) -> CLIHarness {
        var harness = CLIHarness()
        harness.sessions = sessions
        harness.respond = { method, params in
            guard method == "places.watch" else {
                return .failure(.rpc(RPCError(code: -32601, message: "Method '\(method)' not found.")))
            }
            guard let since = params?["since"]?.numberValue?.integerValue else { return .success(snapshot) }
            let after = missed.filter { ($0["revision"]?.numberValue?.integerValue ?? 0) > since }
            let revision = after.last?["revision"]?.numberValue?.integerValue ?? since
            return .success(["revision": .number(JSONNumber(revision)), "changes": .array(after)])
        }
        return harness
    }

    /// The table `list` prints for the snapshot.
    static let table = """
        ID        NAME          LAT      LON     VISITED  DESCRIPTION
        0f8fad5b  Eiffel Tower  48.8584  2.2945  no       Iron lady
        0f8fad5c  Louvre        48.8606  2.3376  yes

        """

    @Test func printsTheSnapshotThenOneLinePerChange() {
        let moved = Fixtures.placeJSON(id: Fixtures.louvreID, name: "Louvre", latitude: 48.8606, longitude: 2.3376)
        let outcome = Self.daemon([
            .connected([
                Self.changed("added", Fixtures.bridge, revision: 8),
                .success(ServerNotification(method: "places.unknown", params: nil)),
                Self.changed("updated", Fixtures.louvre, revision: 9),
                Self.changed("moved", moved, revision: 10),
                Self.changed("moved", moved, revision: 11, index: 0),
                Self.changed("removed", Fixtures.eiffel, revision: 12),
            ])
        ]).run("watch")
        #expect(outcome.exitCode == .success, "\(outcome.standardError)")
        #expect(outcome.calls == [.init(method: "places.watch", params: nil)])
        #expect(
            outcome.standardOutput == Self.table + """
                + added    'Golden Gate' (7c9e6679)  37.8199, -122.4783
                ~ updated  'Louvre' (0f8fad5c)  48.8606, 2.3376
                ↕ moved    'Louvre' (0f8fad5c)
                ↕ moved    'Louvre' (0f8fad5c) to position 0
                - removed  'Eiffel Tower' (0f8fad5b)  48.8584, 2.2945

                """)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.wasClosed)
    }

    /// An update says what it changed, from the place as the snapshot or an earlier event showed it; a place
    /// never seen before shows its coordinates.
    @Test func updatesSayWhatChanged() {
        let renamed = Fixtures.placeJSON(
            id: Fixtures.louvreID, name: "Musée du Louvre", latitude: 48.8606, longitude: 2.3376, visited: false)
        let moved = Fixtures.placeJSON(
            id: Fixtures.louvreID, name: "Musée du Louvre", description: "Pyramid", latitude: 48.861,
            longitude: 2.3376)
        let visited = Fixtures.placeJSON(
            id: Fixtures.bridgeID, name: "Golden Gate", latitude: 37.8199, longitude: -122.4783, visited: true)
        let outcome = Self.daemon([
            .connected([
                Self.changed("updated", renamed, revision: 8),
                Self.changed("updated", moved, revision: 9),
                Self.changed("updated", visited, revision: 10),
                Self.changed("added", Fixtures.bridge, revision: 11),
                Self.changed("updated", visited, revision: 12),
            ])
        ]).run("watch")
        #expect(
            outcome.standardOutput == Self.table + """
                ~ updated  'Musée du Louvre' (0f8fad5c)  name: 'Louvre' → 'Musée du Louvre', visited: yes → no
                ~ updated  'Musée du Louvre' (0f8fad5c)  description: '' → 'Pyramid', coordinates: 48.8606, 2.3376 → 48.861, 2.3376
                ~ updated  'Golden Gate' (7c9e6679)  37.8199, -122.4783
                + added    'Golden Gate' (7c9e6679)  37.8199, -122.4783
                ~ updated  'Golden Gate' (7c9e6679)  visited: no → yes

                """, "\(outcome.standardOutput)")
    }

    @Test func afterAnOverflowItResumesAfterTheLastChangeOnTheSameConnection() {
        let missed: JSONValue = ["change": "updated", "revision": 9, "place": Fixtures.louvre]
        let outcome = Self.daemon(
            [.connected([Self.changed("added", Fixtures.bridge, revision: 8), Self.overflow])], missed: [missed]
        ).run("watch", "--json")
        let added: JSONValue = ["change": "added", "revision": 8, "place": Fixtures.bridge]
        #expect(
            outcome.standardOutput
                == [Self.snapshot.jsonText, added.jsonText, missed.jsonText].map { $0 + "\n" }.joined())
        #expect(
            outcome.calls == [
                .init(method: "places.watch", params: nil), .init(method: "places.watch", params: ["since": 8]),
            ])
        #expect(outcome.connectedPaths.count == 1, "an overflow re-watches on the same connection")
        #expect(outcome.standardError == "placesctl: placesd ended the watch (Too slow.); watching again.\n")
    }

    @Test func reconnectsWithBackoffAndResumes() {
        let missed: JSONValue = ["change": "removed", "revision": 9, "place": Fixtures.eiffel]
        var harness = Self.daemon(
            [
                .connected([
                    Self.changed("added", Fixtures.bridge, revision: 8),
                    .failure(.io(SystemError(errno: 104, operation: "read"))),
                ]),
                .unreachable, .unreachable, .unreachable, .unreachable, .unreachable, .unreachable,
                .connected([.success(nil)]),
                .connected([]),
            ], missed: [missed])
        harness.environment = ["PLACES_SOCKET": "/run/p.sock"]
        let outcome = harness.run("--json", "watch")
        #expect(outcome.exitCode == .success)
        #expect(outcome.waits == [100, 200, 400, 800, 1_600, 2_000, 2_000, 100])
        #expect(outcome.connectedPaths.count == 9)
        #expect(
            outcome.calls == [
                .init(method: "places.watch", params: nil), .init(method: "places.watch", params: ["since": 8]),
                .init(method: "places.watch", params: ["since": 9]),
            ])
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 3, "the snapshot, the change, the change missed; nothing twice")
        #expect(lines.last == Substring(missed.jsonText))
        #expect(
            outcome.standardError == """
                placesctl: lost the connection to placesd at '/run/p.sock': Connection reset by peer; reconnecting.
                placesctl: reconnected to placesd at '/run/p.sock'; resuming after revision 8.
                placesctl: placesd at '/run/p.sock' closed the connection; reconnecting.
                placesctl: reconnected to placesd at '/run/p.sock'; resuming after revision 9.

                """)
        #expect(outcome.wasClosed)
    }

    @Test func aLogThatNoLongerReachesBackGivesAFreshSnapshot() {
        var harness = Self.daemon([.connected([Self.overflow]), .connected([])])
        harness.respond = { _, params in
            guard params?["since"] != nil else { return .success(Self.snapshot) }
            return .failure(.rpc(.historyPruned(since: 7, oldestRevision: 20)))
        }
        let outcome = harness.run("watch", "--json")
        #expect(outcome.standardOutput == [Self.snapshot.jsonText, Self.snapshot.jsonText].map { $0 + "\n" }.joined())
        #expect(outcome.calls.map(\.params) == [nil, ["since": 7], nil])
        #expect(outcome.standardError.contains("cannot resume after revision 7"), "\(outcome.standardError)")
    }

    @Test func aSignalDuringTheBackoffEndsWithSuccess() {
        var harness = Self.daemon([.connected([.success(nil)]), .unreachable, .unreachable])
        harness.stopAtWait = 2
        let outcome = harness.run("watch")
        #expect(outcome.exitCode == .success)
        #expect(outcome.waits == [100, 200])
        #expect(outcome.standardOutput == Self.table)
        #expect(outcome.standardError.hasSuffix("closed the connection; reconnecting.\n"))
    }

    @Test func theFirstConnectionMustWork() {
        var harness = Self.daemon([])
        harness.isDaemonDown = true
        let outcome = harness.run("watch")
        #expect(outcome.exitCode == .unavailable)
        #expect(outcome.waits.isEmpty)
        #expect(outcome.standardError.hasPrefix("placesctl: cannot connect to placesd at '/tmp/test.sock'"))
    }

    @Test func refusalsEndTheWatch() {
        var harness = Self.daemon([])
        harness.respond = { _, _ in .failure(.rpc(.permissionDenied("allUsers is only for root."))) }
        let outcome = harness.run("watch")
        #expect(outcome.exitCode == .noPermission)
        #expect(outcome.standardError == "placesctl: Permission denied: allUsers is only for root.\n")
    }

    @Test func malformedEventsAreInternalErrors() {
        let outcome = Self.daemon([
            .connected([.success(ServerNotification(method: "places.changed", params: ["change": "added"]))])
        ]).run("watch")
        #expect(outcome.exitCode == .software)
        #expect(
            outcome.standardError
                == "placesctl: malformed places.changed notification from placesd: no 'change' or 'place'.\n")
    }

    @Test func failingOutputEndsTheWatchWith74() {
        var harness = Self.daemon([])
        harness.outputFailure = OutputError(reason: "Broken pipe")
        let outcome = harness.run("watch")
        #expect(outcome.exitCode == .ioError)
        #expect(outcome.standardError == "placesctl: cannot write to standard output: Broken pipe.\n")
    }

    @Test func theSignalDescriptorInterruptsTheTransport() throws {
        var harness = Self.daemon([])
        harness.respond = { _, _ in .success(Self.snapshot) }
        let outcome = harness.run("watch")
        #expect(outcome.transports.count == 1)
        #expect(outcome.transports.first?.interruption == nil, "the fake signals have no descriptor")
    }
}
