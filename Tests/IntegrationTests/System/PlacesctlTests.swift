import Testing

/// placesctl driven end to end against a real daemon.
@Suite("placesctl")
struct PlacesctlTests {
    /// Runs placesctl with `--socket` pointing at `daemon` and the given arguments.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
    }

    /// Parses a command's stdout as exactly one line of JSON.
    private func json(_ run: Subprocess, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        try #require(run.status == .exited(0), "\(run.summary)", sourceLocation: sourceLocation)
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == 1, "--json prints one line: \(run.summary)", sourceLocation: sourceLocation)
        return try JSON(parsing: String(lines[0]))
    }

    /// A prefix of at least four hex digits that names only `id` among `ids`.
    private func uniquePrefix(of id: String, among ids: [String]) -> String {
        var length = 4
        while ids.filter({ $0.hasPrefix(id.prefix(length)) }).count > 1 { length += 1 }
        return String(id.prefix(length))
    }

    /// add, list, get, update, remove and status in human and --json form, with their exit codes.
    @Test func everyCommandEndToEnd() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()

        let added = try placesctl(
            daemon,
            [
                "add", "Eiffel Tower", "--lat", "48.8584", "--lon", "2.2945",
                "--description", "Iron lady",
            ])
        #expect(added.status == .exited(0) && added.stderr.isEmpty, "\(added.summary)")
        let eiffel = try #require(try raw.list()["places"]?[0])
        let eiffelID = try #require(eiffel["id"]?.string)
        #expect(eiffel["name"] == "Eiffel Tower" && eiffel["description"] == "Iron lady")
        #expect(eiffel["latitude"] == 48.8584 && eiffel["longitude"] == 2.2945 && eiffel["visited"] == false)
        #expect(added.stdout == "Added 'Eiffel Tower' (\(eiffelID.prefix(8))).\n", "\(added.summary)")

        let louvre = try json(
            try placesctl(
                daemon,
                [
                    "--json", "add", "Louvre", "--lat", "48.8606", "--lon", "2.3376",
                    "--visited",
                ]))
        let louvreID = try #require(louvre["id"]?.string)
        #expect(louvre == (try raw.result("places.get", ["id": .string(louvreID)])), "--json prints the place")
        #expect(louvre["visited"] == true)

        let table = try placesctl(daemon, ["list"])
        #expect(table.status == .exited(0), "\(table.summary)")
        #expect(table.stdout.contains("Eiffel Tower") && table.stdout.contains("Louvre"), "\(table.summary)")
        #expect(table.stdout.contains(String(eiffelID.prefix(8))), "short ids in the table: \(table.summary)")
        #expect(try json(try placesctl(daemon, ["list", "--json"])) == (try raw.list()), "what the daemon returned")
        #expect(try json(try placesctl(daemon, ["list", "--json", "--visited"]))["places"] == [louvre])
        #expect(try json(try placesctl(daemon, ["list", "--json", "--unvisited"]))["places"] == [eiffel])
        #expect(try json(try placesctl(daemon, ["list", "--json", "--search", "TOWER"]))["places"] == [eiffel])
        let page = try json(try placesctl(daemon, ["list", "--json", "--offset", "1", "--limit", "1"]))
        #expect(page["places"] == [louvre] && page["total"] == 2, "total counts before paging: \(page)")

        let prefix = uniquePrefix(of: eiffelID, among: [eiffelID, louvreID])
        let shown = try placesctl(daemon, ["get", prefix])
        #expect(shown.status == .exited(0), "\(shown.summary)")
        #expect(shown.stdout.contains("Eiffel Tower") && shown.stdout.contains(eiffelID), "\(shown.summary)")
        #expect(try json(try placesctl(daemon, ["get", "--json", prefix])) == eiffel)
        #expect(try json(try placesctl(daemon, ["get", "--json", eiffelID.uppercased()])) == eiffel)

        let updated = try placesctl(daemon, ["update", prefix, "--name", "Tour Eiffel", "--visited"])
        #expect(updated.status == .exited(0), "\(updated.summary)")
        #expect(
            updated.stdout == "Updated 'Tour Eiffel' (\(eiffelID.prefix(8))), now at version 2.\n", "\(updated.summary)"
        )
        let afterUpdate = try raw.result("places.get", ["id": .string(eiffelID)])
        #expect(afterUpdate["name"] == "Tour Eiffel" && afterUpdate["visited"] == true && afterUpdate["version"] == 2)
        #expect(afterUpdate["description"] == "Iron lady", "fields not given keep their values")

        let stale = try placesctl(daemon, ["update", prefix, "--lat", "1", "--if-version", "1"])
        #expect(stale.status == .exited(73) && !stale.stderr.isEmpty && stale.stdout.isEmpty, "\(stale.summary)")
        #expect(try raw.result("places.get", ["id": .string(eiffelID)]) == afterUpdate)

        let status = try placesctl(daemon, ["status"])
        #expect(status.status == .exited(0) && !status.stdout.isEmpty, "\(status.summary)")
        let statusJSON = try json(try placesctl(daemon, ["status", "--json"]))
        #expect(statusJSON["protocol"] == 1 && statusJSON["places"] == 2, "\(statusJSON)")

        let removed = try placesctl(daemon, ["remove", prefix])
        #expect(removed.status == .exited(0), "\(removed.summary)")
        #expect(removed.stdout == "Removed 'Tour Eiffel' (\(eiffelID.prefix(8))).\n", "\(removed.summary)")
        expectError(try raw.error("places.get", ["id": .string(eiffelID)]), code: -32001)
        let gone = try placesctl(daemon, ["get", prefix])
        #expect(gone.status == .exited(66) && !gone.stderr.isEmpty, "\(gone.summary)")
        let removedJSON = try json(try placesctl(daemon, ["remove", "--json", louvreID]))
        #expect(removedJSON == ["id": .string(louvreID), "removed": true])
        let empty = try placesctl(daemon, ["list"])
        #expect(empty.status == .exited(0) && !empty.stdout.isEmpty, "\(empty.summary)")
    }

    /// call prints the result as compact JSON; daemon refusals exit with their class's status and the reason on
    /// stderr.
    @Test func callAndRefusals() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        try raw.add(["name": "Seen", "latitude": 1, "longitude": 2, "visited": true])
        try raw.add(["name": "Unseen", "latitude": 1, "longitude": 2])

        let listed = try json(try placesctl(daemon, ["call", "places.list", #"{"visited": true}"#]))
        #expect(listed["total"] == 1 && names(listed) == ["Seen"], "\(listed)")
        let status = try json(try placesctl(daemon, ["call", "server.status"]))
        #expect(status["protocol"] == 1)

        let badLatitude = try placesctl(daemon, ["add", "Nowhere", "--lat", "91", "--lon", "0"])
        #expect(badLatitude.status == .exited(65), "\(badLatitude.summary)")
        #expect(badLatitude.stderr.contains("latitude") && badLatitude.stdout.isEmpty, "\(badLatitude.summary)")
        let unknownMethod = try placesctl(daemon, ["call", "places.frobnicate"])
        #expect(unknownMethod.status == .exited(64) && !unknownMethod.stderr.isEmpty, "\(unknownMethod.summary)")
        let badCall = try placesctl(daemon, ["call", "places.add", #"{"latitude": 1, "longitude": 2, "lat": 3}"#])
        #expect(badCall.status == .exited(65) && badCall.stderr.contains("lat"), "\(badCall.summary)")
        let noMatch = try placesctl(daemon, ["get", "0000"])
        let hasZeroPrefix = ids(try raw.list()).contains { $0.hasPrefix("0000") }
        if !hasZeroPrefix {
            #expect(noMatch.status == .exited(66) && !noMatch.stderr.isEmpty, "\(noMatch.summary)")
        }
        #expect(try raw.list()["total"] == 2, "refusals changed nothing")
    }

    /// Usage errors exit 64 without touching the daemon; `call`, which implies --json, prints the error object.
    @Test(arguments: [
        ["frobnicate"], ["add"], ["add", "Name", "--lat", "1"], ["add", "Name", "--lat", "north", "--lon", "1"],
        ["list", "--offset"], ["list", "--visited", "--unvisited"], ["get"], ["get", ""], ["get", "  "],
        ["update", "abcd"], ["call"], ["call", "places.list", "not json"], ["--no-such-option", "status"],
    ])
    func usageErrorsExit64(_ arguments: [String]) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let run = try placesctl(daemon, arguments)
        #expect(run.status == .exited(64), "\(run.summary)")
        #expect(!run.stderr.isEmpty, "\(run.summary)")
        if arguments[0] == "call" {
            #expect(try JSON(parsing: run.stdout)["error"]?["code"] == -32064, "\(run.summary)")
        } else {
            #expect(run.stdout.isEmpty, "\(run.summary)")
        }
        #expect(try daemon.connect().list()["total"] == 0)
    }

    /// With no daemon listening, every command exits 69 naming the socket path.
    @Test(arguments: [["status"], ["list"], ["add", "X", "--lat", "1", "--lon", "2"], ["call", "server.status"]])
    func noDaemonExits69(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("absent.sock")
        let run = try Subprocess.run(try Binaries.placesctl(), ["--socket", path] + arguments, in: directory)
        #expect(run.status == .exited(69), "\(run.summary)")
        #expect(run.stderr.contains(path), "\(run.summary)")
    }

    /// PLACES_SOCKET is used when --socket is not given.
    @Test func placesSocketEnvironment() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        var environment = Spawn.cleanEnvironment()
        environment["PLACES_SOCKET"] = daemon.socketPath
        let run = try Subprocess.run(
            try Binaries.placesctl(), ["--json", "status"], in: daemon.directory, environment: environment)
        #expect(try json(run)["protocol"] == 1)
    }

    /// --help and --version exit 0.
    @Test func helpAndVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for arguments in [["--help"], ["help"], ["help", "add"], ["add", "--help"], ["--version"]] {
            let run = try Subprocess.run(try Binaries.placesctl(), arguments, in: directory)
            #expect(run.status == .exited(0) && !run.stdout.isEmpty, "\(arguments): \(run.summary)")
        }
    }
}
