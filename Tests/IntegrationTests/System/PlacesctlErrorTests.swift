import Testing

/// What a script sees when placesctl fails: with --json, one JSON-RPC error member, `{"error": {...}}`, as one line
/// on standard output (the daemon's error object, or placesctl's own), and an exit status for each class of
/// failure it branches on.
@Suite("placesctl errors for scripts")
struct PlacesctlErrorTests {
    /// Runs placesctl with `--socket` pointing at `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
    }

    /// The run's exit status and the error object of the one line of JSON it printed on standard output.
    private func refusal(
        _ run: Subprocess, status: Int32, code: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSON {
        #expect(run.status == .exited(status), "\(run.summary)", sourceLocation: sourceLocation)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(
            lines.count == 2 && lines[1].isEmpty, "one line of JSON: \(run.summary)", sourceLocation: sourceLocation)
        let line = try JSON(parsing: String(lines[0]))
        let error = try #require(line["error"], "an error member: \(line)", sourceLocation: sourceLocation)
        #expect(error["code"]?.int == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error["message"]?.string?.isEmpty == false, "\(error)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.hasPrefix("placesctl: ") && !run.stderr.contains("{"), "stderr keeps the sentence",
            sourceLocation: sourceLocation)
        return error
    }

    /// Not found, conflict, invalid input and no such method, each with its code, data and status; without --json
    /// the same statuses and nothing on standard output.
    @Test func refusalsCarryTheirCodeAndStatus() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        let place = try raw.add(["name": "Louvre", "latitude": 48.8606, "longitude": 2.3376])
        let id = try #require(place["id"]?.string)
        let missing = "0f8fad5b-d9cb-469f-a165-70867728950e"

        let notFound = try refusal(placesctl(daemon, ["--json", "get", missing]), status: 66, code: -32001)
        #expect(notFound["message"] == .string("No place with id '\(missing)'."))
        let plain = try placesctl(daemon, ["get", missing])
        #expect(plain.status == .exited(66) && plain.stdout.isEmpty, "\(plain.summary)")

        let conflict = try refusal(
            placesctl(daemon, ["--json", "update", id, "--visited", "--if-version", "5"]), status: 73, code: -32002)
        #expect(conflict["data"] == ["currentVersion": 1])

        let invalid = try refusal(
            placesctl(daemon, ["--json", "add", "Nowhere", "--lat", "91", "--lon", "0"]), status: 65, code: -32602)
        #expect(invalid["data"]?["field"] == "latitude" && invalid["data"]?["reason"] != nil, "\(invalid)")

        let method = try refusal(placesctl(daemon, ["--json", "call", "nope"]), status: 64, code: -32601)
        #expect(method["message"] == "Method 'nope' not found.")
        // call implies --json: the daemon's error is passed through the same way.
        _ = try refusal(placesctl(daemon, ["call", "places.get", #"{"id": "\#(missing)"}"#]), status: 66, code: -32001)
        let unknownKey = try refusal(
            placesctl(daemon, ["call", "places.add", #"{"latitude": 1, "longitude": 2, "lat": 3}"#]), status: 65,
            code: -32602)
        #expect(unknownKey["data"]?["field"] == "lat")

        let prefix = try refusal(placesctl(daemon, ["--json", "remove", "ffff"]), status: 66, code: -32001)
        #expect(
            prefix["message"] == "No place is named 'ffff', and no place id begins with it.",
            "placesctl's own lookup speaks the same way")
        #expect(try raw.list()["places"] == [place], "no refusal changed anything")
    }

    /// A locked daemon is 75 with -32004; a daemon that is not there is 69, with nothing on standard output.
    @Test func lockedAndUnreachable() throws {
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        let key = try StoreKeyFile(in: daemon.directory, name: "placesd.key")
        daemon.extraArguments = ["--key-file", key.path]
        try daemon.start()
        try daemon.connect().add(["name": "Sealed", "latitude": 1, "longitude": 2])
        #expect(try daemon.stop() == .exited(0))
        daemon.extraArguments = []
        try daemon.start()

        _ = try refusal(placesctl(daemon, ["--json", "list"]), status: 75, code: -32004)
        let wrong = try StoreKeyFile(in: daemon.directory, name: "wrong.key")
        let wrongKey = try refusal(
            placesctl(daemon, ["--json", "unlock", "--key-file", wrong.path]), status: 65, code: -32004)
        #expect(wrongKey["data"]?["field"] == "key")

        #expect(try daemon.stop() == .exited(0))
        let down = try refusal(placesctl(daemon, ["--json", "list"]), status: 69, code: -32069)
        #expect(down["message"]?.string?.contains(daemon.socketPath) == true, "\(down)")
        let usage = try refusal(placesctl(daemon, ["--json", "lsit"]), status: 64, code: -32064)
        #expect(usage["message"] == "unknown command 'lsit'; did you mean 'list'?")
        let missing = try refusal(placesctl(daemon, ["--json", "get"]), status: 64, code: -32064)
        #expect(missing["data"]?["command"] == "get", "\(missing)")
    }
}
