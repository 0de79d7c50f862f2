import Glibc
import Testing

/// placesctl's move, visit, unvisit, near, export, import and watch against a real daemon.
@Suite("placesctl features")
struct PlacesctlFeatureTests {
    /// Runs placesctl with `--socket` pointing at `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String], stdin: String? = nil) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory, stdin: stdin)
    }

    /// Runs placesctl and requires exit status 0 and nothing on stderr.
    @discardableResult
    private func succeed(
        _ daemon: DaemonProcess, _ arguments: [String], stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Subprocess {
        let run = try placesctl(daemon, arguments, stdin: stdin)
        try #require(
            run.status == .exited(0) && run.stderr.isEmpty, "\(arguments): \(run.summary)",
            sourceLocation: sourceLocation)
        return run
    }

    /// The distance as placesctl prints it: whole metres under 1 km, else kilometres with one decimal.
    private func distanceText(_ metres: Double) -> String {
        metres.rounded() < 1000
            ? "\(Int(metres.rounded())) m"
            : "\(Int64((metres / 100).rounded()) / 10).\(Int64((metres / 100).rounded()) % 10) km"
    }

    /// Every command this suite drives is listed by `placesctl help`.
    @Test func helpListsTheCommands() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let help = try Subprocess.run(try Binaries.placesctl(), ["help"], in: directory)
        #expect(help.status == .exited(0), "\(help.summary)")
        for command in ["move", "visit", "unvisit", "near", "watch", "import", "export"] {
            #expect(
                help.stdout.split(separator: "\n").contains { $0.split(separator: " ").first == Substring(command) },
                "\(command) in: \(help.stdout)")
        }
    }

    /// `move ID INDEX` and `move ID --before/--after/--top/--bottom` put the place where they say.
    @Test func moveCommand() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        var idOf: [String: String] = [:]
        for name in ["A", "B", "C", "D"] {
            idOf[name] = try raw.add(["name": .string(name), "latitude": 1, "longitude": 2])["id"]?.string
        }
        func id(_ name: String) -> String { idOf[name] ?? "?" }

        let byIndex = try succeed(daemon, ["move", id("D"), "0"])
        #expect(byIndex.stdout.contains("0"), "\(byIndex.summary)")
        #expect(names(try raw.list()) == ["D", "A", "B", "C"])
        try succeed(daemon, ["move", String(id("D").prefix(8)), "--bottom"])
        #expect(names(try raw.list()) == ["A", "B", "C", "D"])
        try succeed(daemon, ["move", id("C"), "--top"])
        #expect(names(try raw.list()) == ["C", "A", "B", "D"])
        try succeed(daemon, ["move", id("D"), "--before", id("A")])
        #expect(names(try raw.list()) == ["C", "D", "A", "B"])
        try succeed(daemon, ["move", id("C"), "--after", id("A")])
        #expect(names(try raw.list()) == ["D", "A", "C", "B"])
        try succeed(daemon, ["move", id("D"), "--after", id("B")])
        #expect(names(try raw.list()) == ["A", "C", "B", "D"])
        try succeed(daemon, ["move", id("A"), "99"])
        #expect(names(try raw.list()) == ["C", "B", "D", "A"], "past the end means last")

        let json = try succeed(daemon, ["--json", "move", id("A"), "0"])
        let result = try JSON(parsing: json.stdout.trimmingCharacters(in: .newlines))
        #expect(result["id"] == .string(id("A")) && result["index"] == 0 && result["revision"] != nil, "\(result)")

        let stale = try placesctl(daemon, ["move", id("B"), "0", "--if-version", "2"])
        #expect(stale.status == .exited(73) && !stale.stderr.isEmpty, "\(stale.summary)")
        for arguments in [
            ["move", id("A")], ["move", id("A"), "--top", "--bottom"], ["move", id("A"), "1", "--top"],
            ["move", id("A"), "-1"],
        ] {
            let usage = try placesctl(daemon, arguments)
            #expect(usage.status == .exited(64), "\(arguments): \(usage.summary)")
        }
        #expect(names(try raw.list()) == ["A", "C", "B", "D"], "refusals moved nothing")
    }

    /// `visit` and `unvisit` set the flag and nothing else.
    @Test func visitAndUnvisit() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        let place = try raw.add(["name": "Louvre", "latitude": 48.8606, "longitude": 2.3376])
        let id = try #require(place["id"]?.string)
        try succeed(daemon, ["visit", id])
        let visited = try raw.result("places.get", ["id": .string(id)])
        #expect(visited["visited"] == true && visited["version"] == 2 && visited["name"] == "Louvre")
        try succeed(daemon, ["unvisit", String(id.prefix(6))])
        #expect(try raw.result("places.get", ["id": .string(id)])["visited"] == false)
        let stale = try placesctl(daemon, ["visit", id, "--if-version", "1"])
        #expect(stale.status == .exited(73), "\(stale.summary)")
        #expect(try raw.result("places.get", ["id": .string(id)])["version"] == 3)
    }

    /// `near` prints nearest first with human distances, honours --radius (with units) and --limit.
    @Test func nearCommand() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        for (name, latitude, longitude) in [
            ("London", 51.5074, -0.1278), ("Notre-Dame", 48.853, 2.3499), ("Tour Eiffel", 48.8584, 2.2945),
            ("Louvre", 48.8606, 2.3376),
        ] {
            try raw.add(["name": .string(name), "latitude": .number(latitude), "longitude": .number(longitude)])
        }
        let exact = try raw.result("places.near", ["latitude": 48.8566, "longitude": 2.3522])["places"]?.array ?? []
        let distance = Dictionary(
            exact.map { ($0["place"]?["name"]?.string ?? "?", $0["distance"]?.double ?? -1) },
            uniquingKeysWith: { first, _ in first })

        let all = try succeed(daemon, ["near", "--lat", "48.8566", "--lon", "2.3522"])
        let order = ["Notre-Dame", "Louvre", "Tour Eiffel", "London"]
        let positions = order.map { all.stdout.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(all.summary)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "nearest first: \(all.stdout)")
        for name in order {
            let text = distanceText(distance[name] ?? -1)
            let line = all.stdout.split(separator: "\n").first { $0.contains(name) } ?? ""
            #expect(line.contains(text), "\(name) at \(text): \(line)")
        }
        #expect(all.stdout.contains("343.6 km") || all.stdout.contains("343.5 km"), "London: \(all.stdout)")
        #expect(all.stdout.contains("434 m"), "Notre-Dame: \(all.stdout)")

        let close = try succeed(
            daemon, ["near", "--lat", "48.8566", "--lon", "2.3522", "--radius", "5km", "--limit", "2"])
        #expect(close.stdout.contains("Notre-Dame") && close.stdout.contains("Louvre"), "\(close.summary)")
        #expect(!close.stdout.contains("Tour Eiffel") && !close.stdout.contains("London"), "\(close.summary)")
        let metres = try succeed(daemon, ["near", "--lat", "48.8566", "--lon", "2.3522", "--radius", "500m"])
        #expect(metres.stdout.contains("Notre-Dame") && !metres.stdout.contains("Louvre"), "\(metres.summary)")

        let json = try succeed(daemon, ["--json", "near", "--lat", "48.8566", "--lon", "2.3522", "--limit", "3"])
        #expect(
            try JSON(parsing: json.stdout.trimmingCharacters(in: .newlines))
                == ["places": .array(Array(exact.prefix(3)))])
        for arguments in [
            ["near", "--lat", "48"], ["near", "--lat", "48", "--lon", "2", "--radius", "far"],
            ["near", "--lat", "48", "--lon", "2", "--limit", "-1"],
        ] {
            #expect(try placesctl(daemon, arguments).status == .exited(64), "\(arguments)")
        }
    }

    /// `export --format geojson -o FILE` writes a file ogrinfo reads; `import FILE` and `import -` (from stdin) add
    /// the places to another daemon, the format detected.
    @Test func exportAndImportFiles() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        for place in ExportReaderTests.places { try raw.add(place) }
        let places = try raw.list()["places"]?.array ?? []

        let geojsonPath = daemon.directory.file("places.geojson")
        let written = try succeed(daemon, ["export", "--format", "geojson", "-o", geojsonPath])
        #expect(!written.stdout.isEmpty, "a confirmation: \(written.summary)")
        let summary = try ExternalTool.ogrinfo(["-ro", "-al", "-so", geojsonPath], in: daemon.directory)
        #expect(ExportReaderTests.featureCount(summary) == places.count, "\(summary)")
        let gpxPath = daemon.directory.file("places.gpx")
        try succeed(daemon, ["export", "--format", "gpx", "-o", gpxPath])
        let waypoints = try ExternalTool.ogrinfo(["-ro", "-so", gpxPath, "waypoints"], in: daemon.directory)
        #expect(ExportReaderTests.featureCount(waypoints) == places.count, "\(waypoints)")
        let jsonPath = daemon.directory.file("places.json")
        try succeed(daemon, ["export", "-o", jsonPath])
        let stdout = try succeed(daemon, ["export"])
        #expect(try JSON(parsing: stdout.stdout.trimmingCharacters(in: .newlines)) == .array(places))

        func same(_ copy: [JSON]) -> Bool {
            copy.map { [$0["id"], $0["name"], $0["latitude"], $0["longitude"], $0["visited"]] }
                == places.map { [$0["id"], $0["name"], $0["latitude"], $0["longitude"], $0["visited"]] }
        }
        for path in [jsonPath, geojsonPath] {
            let other = try DaemonProcess.started()
            defer { other.shutdown() }
            let imported = try succeed(other, ["import", path])
            #expect(imported.stdout == "Imported \(places.count) places.\n", "\(imported.summary)")
            #expect(same(try other.connect().list()["places"]?.array ?? []), "import \(path)")
            let again = try placesctl(other, ["import", path])
            #expect(again.status == .exited(73) && !again.stderr.isEmpty, "ids in use: \(again.summary)")
        }

        let other = try DaemonProcess.started()
        defer { other.shutdown() }
        let text = String(decoding: TemporaryDirectory.contents(of: jsonPath) ?? [], as: UTF8.self)
        let piped = try succeed(other, ["--json", "import", "-"], stdin: text)
        #expect(
            try JSON(parsing: piped.stdout.trimmingCharacters(in: .newlines))
                == ImportExportTests.importResult(
                    added: .number(Double(places.count)), revision: .number(Double(places.count))))
        #expect(same(try other.connect().list()["places"]?.array ?? []), "import from stdin")
        let bad = try placesctl(
            other, ["import", "-"], stdin: #"[{"latitude": 1, "longitude": 2}, {"latitude": 95, "longitude": 0}]"#)
        #expect(bad.status == .exited(65) && bad.stderr.contains("places[1].latitude"), "\(bad.summary)")
        #expect(try other.connect().list()["total"]?.int == places.count, "nothing imported")
    }

    /// `watch --json` prints the snapshot line, then one line per change as it happens; SIGINT ends it with 0.
    @Test func watchJSONLines() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        let first = try raw.add(["name": "First", "latitude": 1, "longitude": 2])
        let before = try raw.list()
        let start = try #require(before["revision"]?.int)
        let watch = try ChildOutput(
            try Binaries.placesctl(), ["--socket", daemon.socketPath, "--json", "watch"], in: daemon.directory)
        defer { watch.shutdown() }

        let snapshot = try JSON(parsing: try #require(try watch.readLine(), "no snapshot line"))
        #expect(snapshot == ["revision": before["revision"] ?? nil, "places": before["places"] ?? nil], "\(snapshot)")

        let added = try raw.add(["name": "Second", "latitude": 3, "longitude": 4])
        let addedLine = try JSON(parsing: try #require(try watch.readLine()))
        #expect(addedLine == ["change": "added", "revision": .number(Double(start + 1)), "place": added])
        let updated = try raw.result("places.update", ["id": added["id"] ?? nil, "visited": true])
        #expect(
            try JSON(parsing: try watch.readLine() ?? "") == [
                "change": "updated", "revision": .number(Double(start + 2)), "place": updated,
            ])
        try raw.result("places.move", ["id": added["id"] ?? nil, "index": 0])
        let moved = try JSON(parsing: try watch.readLine() ?? "")
        #expect(moved["change"] == "moved" && moved["revision"]?.int == start + 3 && moved["place"] == updated)
        try raw.result("places.remove", ["id": first["id"] ?? nil])
        #expect(
            try JSON(parsing: try watch.readLine() ?? "") == [
                "change": "removed", "revision": .number(Double(start + 4)), "place": first,
            ])
        #expect(!watch.hasOutput(within: 0.05), "one line per change")

        try watch.signal(SIGINT)
        #expect(try watch.waitForExit(timeout: 60) == .exited(0), "stderr: \(watch.stderr)")
        #expect(try watch.readLine() == nil, "nothing more after SIGINT")
    }
}
