import Foundation
import Testing

/// Imports of any size: `placesctl import` through the staged import (`places.import.begin`, `add`, `commit`),
/// with the daemon's default line limit, and the options of both import paths.
@Suite("Staged imports and import options")
struct StagedImportTests {
    /// Runs placesctl against `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String], timeout: Double = 10) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory,
            timeout: timeout)
    }

    /// The fields an import keeps, per place in order.
    private func essentials(_ places: [JSON]) -> [JSON] {
        places.map { place in
            [
                "id": place["id"] ?? nil, "name": place["name"] ?? nil, "description": place["description"] ?? nil,
                "latitude": place["latitude"] ?? nil, "longitude": place["longitude"] ?? nil,
                "visited": place["visited"] ?? nil,
            ]
        }
    }

    /// Writes `places` as a JSON array to `name` in `daemon`'s directory and returns its path.
    private func write(_ places: [JSON], _ name: String, in daemon: DaemonProcess) throws -> String {
        let path = daemon.directory.file(name)
        try TemporaryDirectory.write(Array(JSON.array(places).text.utf8), to: path)
        return path
    }

    /// A 60 MB export of 50,000 places with long descriptions goes back into a fresh daemon with its default
    /// settings (a 1 MiB line limit): every place, in order, with its id and fields.
    @Test func aLargeExportImportsIntoADefaultDaemon() throws {
        let source = try DaemonProcess.started()
        defer { source.shutdown() }
        let filler = String(repeating: "A long note about this place, kept for the export. ", count: 22)
        // Written as text: building 50,000 JSON values first would only slow the test down.
        let elements = (0..<50_000).map { number in
            #"{"id":"\#(String(format: "00000000-0000-4000-8000-%012x", number))","name":"Place \#(number)","#
                + #""description":"\#(number): \#(filler)","latitude":\#(Double(number % 180) - 89.5),"#
                + #""longitude":\#(Double(number % 360) - 179.5),"visited":\#(number % 3 == 0)}"#
        }
        let original = source.directory.file("original.json")
        try TemporaryDirectory.write(Array(("[" + elements.joined(separator: ",") + "]").utf8), to: original)
        let loaded = try placesctl(source, ["import", original], timeout: 600)
        try #require(loaded.status == .exited(0) && loaded.stdout == "Imported 50000 places.\n", "\(loaded.summary)")
        let exportPath = source.directory.file("export.json")
        let export = try placesctl(source, ["export", "-o", exportPath], timeout: 300)
        try #require(export.status == .exited(0), "\(export.summary)")
        let size = try #require(TemporaryDirectory.contents(of: exportPath)?.count)
        #expect(size > 60_000_000, "the export is \(size) bytes")

        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let imported = try placesctl(target, ["import", exportPath], timeout: 600)
        #expect(imported.status == .exited(0) && imported.stdout == "Imported 50000 places.\n", "\(imported.summary)")
        let againPath = target.directory.file("again.json")
        let again = try placesctl(target, ["export", "-o", againPath], timeout: 300)
        try #require(again.status == .exited(0), "\(again.summary)")
        let first = try #require(TemporaryDirectory.contents(of: exportPath))
        let second = try #require(TemporaryDirectory.contents(of: againPath))
        #expect(Self.sameButForTimestamps(first, second), "the export of the import is the export, ids and all")
    }

    /// A GPX export larger than the daemon's 1 MiB line limit goes back into a fresh daemon with its default
    /// settings, as pieces of its text: every place, in order, with its fields; a broken one is refused whole.
    @Test func aLargeGPXExportImportsIntoADefaultDaemon() throws {
        let source = try DaemonProcess.started()
        defer { source.shutdown() }
        let note = String(repeating: "Ünïcode & <escaped> \"text\" for this waypoint. ", count: 10)
        let places: [JSON] = (0..<3_000).map { (number: Int) -> JSON in
            let latitude = Double(number % 170) - 85
            let longitude = Double(number % 350) - 175
            let place: JSON = [
                "name": .string("Waypoint \(number)"), "description": .string("\(number): \(note)"),
                "latitude": .number(latitude), "longitude": .number(longitude), "visited": .bool(number % 2 == 0),
            ]
            return place
        }
        let loaded = try placesctl(source, ["import", try write(places, "places.json", in: source)], timeout: 120)
        try #require(loaded.status == .exited(0), "\(loaded.summary)")
        let gpx = source.directory.file("places.gpx")
        let export = try placesctl(source, ["export", "--format", "gpx", "-o", gpx], timeout: 120)
        try #require(export.status == .exited(0), "\(export.summary)")
        let size = try #require(TemporaryDirectory.contents(of: gpx)?.count)
        #expect(size > 2 << 20, "the GPX export is \(size) bytes, more than one request line holds")

        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let imported = try placesctl(target, ["import", gpx], timeout: 120)
        #expect(imported.status == .exited(0) && imported.stdout == "Imported 3000 places.\n", "\(imported.summary)")
        func fields(_ places: [JSON]) -> [[JSON?]] {
            places.map { place -> [JSON?] in
                let name: JSON? = place["name"]
                let description: JSON? = place["description"]
                let latitude: JSON? = place["latitude"]
                let visited: JSON? = place["visited"]
                return [name, description, latitude, visited]
            }
        }
        let expected = try #require(try source.connect().list(["limit": 10_000])["places"]?.array)
        let got = try #require(try target.connect().list(["limit": 10_000])["places"]?.array)
        #expect(fields(got) == fields(expected))

        var broken = try #require(TemporaryDirectory.contents(of: gpx))
        broken.removeLast(20)
        let brokenPath = target.directory.file("broken.gpx")
        try TemporaryDirectory.write(broken, to: brokenPath)
        let refused = try placesctl(target, ["import", brokenPath], timeout: 120)
        #expect(refused.status == .exited(65), "\(refused.summary)")
        #expect(try target.connect().list()["total"]?.int == 3000, "nothing of the broken file was imported")
    }

    /// Whether two exports hold the same bytes but for the values of `createdAt` and `updatedAt` (an import gives
    /// its places the time of the import): comparing 60 MB of bytes is quick where parsing it in a debug build
    /// is not.
    static func sameButForTimestamps(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        let keys = [Array(#""createdAt":""#.utf8), Array(#""updatedAt":""#.utf8)]
        let timestampBytes = 24  // 2026-12-05T01:02:03.456Z
        guard first.count == second.count else { return false }
        var index = 0
        while index < first.count {
            guard first[index] == second[index] else { return false }
            if first[index] == UInt8(ascii: "\""),
                keys.contains(where: { key in first[index...].starts(with: key) && second[index...].starts(with: key) })
            {
                let end = index + keys[0].count
                guard first[index..<end] == second[index..<end] else { return false }
                index = end + timestampBytes
            } else {
                index += 1
            }
        }
        return true
    }

    /// `--on-conflict`: fail refuses everything naming the id (exit 73), skip leaves the place out, replace gives
    /// the caller's place the imported fields as an update that watchers see.
    @Test func eachConflictMode() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let existing = try client.add(["name": "Old", "latitude": 1, "longitude": 2])
        let id = try #require(existing["id"])
        let path = try write(
            [
                ["id": id, "name": "New name", "latitude": 3, "longitude": 4, "visited": true],
                ["name": "Fresh", "latitude": 5, "longitude": 6],
            ], "conflict.json", in: daemon)
        let revision = try #require(try client.list()["revision"]?.int)

        let failed = try placesctl(daemon, ["import", path])
        #expect(failed.status == .exited(73) && failed.stderr.contains(id.string ?? "?"), "\(failed.summary)")
        #expect(try client.list()["revision"]?.int == revision, "nothing imported")

        let skipped = try placesctl(daemon, ["import", "--on-conflict", "skip", path])
        #expect(skipped.stdout == "Imported 1 place; skipped 1 (1 with an id in use).\n", "\(skipped.summary)")
        #expect(try client.result("places.get", ["id": id])["name"] == "Old")

        let watcher = try WatchingConnection(daemon)
        let start = try #require(try watcher.result("places.watch")["revision"]?.int)
        let replaced = try placesctl(daemon, ["--json", "import", "--on-conflict", "replace", path])
        let result = try JSON(parsing: replaced.stdout.trimmingCharacters(in: .newlines))
        #expect(result["added"] == 1 && result["replaced"] == 1 && result["skipped"]?["idInUse"] == 0, "\(result)")
        let place = try client.result("places.get", ["id": id])
        #expect(place["name"] == "New name" && place["latitude"] == 3 && place["visited"] == true)
        #expect(place["version"] == 2 && place["description"] == "", "\(place)")
        let events = try watcher.changes(through: start + 2)
        #expect(events.map { $0["change"] } == ["updated", "added"])
        #expect(try client.list()["total"]?.int == 3)
    }

    /// `--skip-duplicates`: a GPX or GeoJSON file without ids imported twice adds nothing the second time; a place
    /// of the same name (in any case) within 50 m counts, one 100 m away or of another name does not, and so does
    /// an earlier place of the same file.
    @Test func duplicatesAreSkipped() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let gpx = daemon.directory.file("places.gpx")
        try TemporaryDirectory.write(
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
                <wpt lat="48.8584" lon="2.2945"><name>Tour Eiffel</name></wpt>
                <wpt lat="48.8606" lon="2.3376"><name>Louvre</name></wpt>
                <wpt lat="48.86061" lon="2.33761"><name>LOUVRE</name></wpt>
                </gpx>
                """.utf8), to: gpx)
        let first = try placesctl(daemon, ["import", "--skip-duplicates", gpx])
        #expect(first.stdout == "Imported 2 places; skipped 1 (1 duplicate).\n", "\(first.summary)")
        let again = try placesctl(daemon, ["import", "--skip-duplicates", gpx])
        #expect(again.stdout == "Imported 0 places; skipped 3 (3 duplicates).\n", "\(again.summary)")

        let geojson = daemon.directory.file("places.geojson")
        let features: [JSON] = [
            // About 11 m and 110 m north of the Eiffel tower, and another name at the same spot.
            (2.2945, 48.8585, "tour eiffel"), (2.2945, 48.8594, "Tour Eiffel"), (2.2945, 48.8584, "Eiffel"),
        ].map { longitude, latitude, name in
            [
                "type": "Feature",
                "geometry": ["type": "Point", "coordinates": [.number(longitude), .number(latitude)]],
                "properties": ["name": .string(name)],
            ]
        }
        let collection: JSON = ["type": "FeatureCollection", "features": .array(features)]
        try TemporaryDirectory.write(Array(collection.text.utf8), to: geojson)
        let mixed = try placesctl(daemon, ["import", "--skip-duplicates", geojson])
        #expect(mixed.stdout == "Imported 2 places; skipped 1 (1 duplicate).\n", "\(mixed.summary)")
        let second = try placesctl(daemon, ["import", "--skip-duplicates", geojson])
        #expect(second.stdout == "Imported 0 places; skipped 3 (3 duplicates).\n", "\(second.summary)")
        let plain = try placesctl(daemon, ["import", geojson])
        #expect(plain.stdout == "Imported 3 places.\n", "without the option, duplicates are imported")
        #expect(try client.list()["total"]?.int == 7)
    }

    /// `--dry-run` reports what would happen and changes nothing: the revision and the places stay.
    @Test func aDryRunChangesNothing() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let existing = try client.add(["name": "Old", "latitude": 1, "longitude": 2])
        // The duplicate comes first: once "Old" is replaced by "New", "old" would no longer match it.
        let path = try write(
            [
                ["name": "old", "latitude": 1, "longitude": 2],
                ["id": try #require(existing["id"]), "name": "New", "latitude": 1, "longitude": 2],
                ["name": "Fresh", "latitude": 5, "longitude": 6],
            ], "dry.json", in: daemon)
        let before = try client.list()
        let run = try placesctl(
            daemon, ["import", "--dry-run", "--on-conflict", "replace", "--skip-duplicates", path])
        #expect(
            run.status == .exited(0)
                && run.stdout == "Dry run, nothing changed: would import 1 place; replace 1; skip 1 (1 duplicate).\n",
            "\(run.summary)")
        #expect(try client.list() == before)
        let raw = try client.result("places.import", ["places": [["latitude": 0, "longitude": 0]], "dryRun": true])
        #expect(raw["added"] == 1 && raw["dryRun"] == true && raw["revision"] == before["revision"], "\(raw)")
        #expect(try client.list() == before)
    }

    /// A staged import abandoned half-way (its connection closed) imports nothing and frees its place: the user
    /// may begin as many new ones as ever.
    @Test func anAbandonedImportIsDropped() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        do {
            let abandoned = try daemon.connect()
            let token = try #require(try abandoned.result("places.import.begin")["token"])
            let staged = try abandoned.result(
                "places.import.add", ["token": token, "places": [["name": "Half", "latitude": 1, "longitude": 2]]])
            #expect(staged == ["staged": 1])
        }
        let client = try daemon.connect()
        // The daemon learns of the close on its own time; until then the abandoned import still counts.
        var tokens: [JSON] = []
        let freed = try Deadline.wait(seconds: 10) {
            let response = try client.call("places.import.begin")
            if let token = response["result"]?["token"] { tokens.append(token) }
            return tokens.count == 2
        }
        #expect(freed, "two new staged imports after the abandoned one")
        #expect(try client.list()["total"] == 0, "nothing imported")
        let result = try client.result("places.import.commit", ["token": tokens[0]])
        #expect(result["added"] == 0)
    }

    /// The limits: staged imports per user, places per import and per user, a bad place named by its index in
    /// the whole import, a token of another connection.
    @Test func limitsAreRefusedPrecisely() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-import-places", "10"])
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        func places(_ count: Int) -> JSON {
            .array((0..<count).map { ["name": .string("P\($0)"), "latitude": 1, "longitude": 2] })
        }
        let first = try #require(try client.result("places.import.begin")["token"])
        let second = try #require(try client.result("places.import.begin")["token"])
        let third = try client.error("places.import.begin")
        #expect(third["code"] == -32006 && third["message"]?.string?.contains("2 staged imports") == true, "\(third)")

        #expect(try client.result("places.import.add", ["token": first, "places": places(8)]) == ["staged": 8])
        let over = try client.error("places.import.add", ["token": first, "places": places(3)])
        #expect(over["code"] == -32006 && over["message"]?.string?.contains("11 places") == true, "\(over)")
        let together = try client.error("places.import.add", ["token": second, "places": places(3)])
        #expect(
            together["code"] == -32006 && together["message"]?.string?.contains("hold 8") == true, "\(together)")

        let bad = try client.error(
            "places.import.add",
            ["token": first, "places": [["latitude": 1, "longitude": 2], ["latitude": 91, "longitude": 2]]])
        #expect(bad["code"] == -32602 && bad["data"]?["field"] == "places[9].latitude", "\(bad)")

        let other = try daemon.connect()
        let foreign = try other.error("places.import.commit", ["token": first])
        #expect(foreign["code"] == -32602 && foreign["data"]?["field"] == "token", "\(foreign)")
        #expect(try client.result("places.import.abort", ["token": second]) == ["staged": 0])
        let committed = try client.result("places.import.commit", ["token": first])
        #expect(committed["added"] == 8, "the refused parts left the import as it was: \(committed)")
        let gone = try client.error("places.import.commit", ["token": first])
        #expect(gone["code"] == -32602, "a commit ends the import")
    }

    /// A CSV document sent as pieces of text cut anywhere (in a quoted field with line ends, between a carriage
    /// return and its line feed, in a row, in a byte order mark) imports as the same document sent whole, with the
    /// rows it skips named by their lines; one with a bad row late in it is refused naming that row, and one that
    /// passes the import's limit with the places staged before it is refused, as when they are sent whole.
    @Test func csvPiecesCutAnywhereReadAsTheWholeDocument() throws {
        var csv = "\u{FEFF}name,latitude,longitude,description\r\n"
        for index in 0..<20 {
            csv += "Stop \(index) é,\(index),\(Double(index) / 4),\"one\r\ntwo, \"\"two\"\"\rthree\"\r\n"
            if index == 10 { csv += "No coordinates,,,gone\n" }
        }
        csv += "Last,1,2,end"
        /// `text` in pieces of `size` Unicode scalars.
        func pieces(_ text: String, size: Int) -> [String] {
            let scalars = Array(text.unicodeScalars)
            return stride(from: 0, to: scalars.count, by: size).map { start in
                var piece = ""
                piece.unicodeScalars.append(contentsOf: scalars[start..<min(start + size, scalars.count)])
                return piece
            }
        }
        let daemon = try DaemonProcess.started(arguments: ["--max-import-places", "30"])
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let whole = try client.result("places.import", ["csv": .string(csv), "dryRun": true])
        #expect(whole["added"] == 21, "\(whole)")
        for size in [1, 7, 100] {
            let token = try #require(try client.result("places.import.begin")["token"])
            for piece in pieces(csv, size: size) {
                try client.result("places.import.add", ["token": token, "text": .string(piece), "format": "csv"])
            }
            let pieced = try client.result("places.import.commit", ["token": token, "dryRun": true])
            #expect(pieced == whole, "pieces of \(size)")
        }
        let token = try #require(try client.result("places.import.begin")["token"])
        for piece in pieces(csv, size: 37) {
            try client.result("places.import.add", ["token": token, "text": .string(piece), "format": "csv"])
        }
        let committed = try client.result("places.import.commit", ["token": token])
        #expect(committed["added"] == 21, "\(committed)")
        let listed = try #require(try client.list()["places"]?.array)
        let wholeDaemon = try DaemonProcess.started()
        defer { wholeDaemon.shutdown() }
        let wholeClient = try wholeDaemon.connect()
        try wholeClient.result("places.import", ["csv": .string(csv)])
        let listedWhole = try #require(try wholeClient.list()["places"]?.array)
        let fields = { (places: [JSON]) in places.map { [$0["name"], $0["description"], $0["latitude"]] } }
        #expect(fields(listed) == fields(listedWhole) && listed.count == 21)

        let broken = csv.replacingOccurrences(of: "Stop 17 é,17,", with: "Stop 17 é,north,")
        let wholeError = try client.error("places.import", ["csv": .string(broken)])
        #expect(wholeError["data"]?["field"] == "csv.line[54].latitude", "\(wholeError)")
        let brokenToken = try #require(try client.result("places.import.begin")["token"])
        for piece in pieces(broken, size: 50) {
            try client.result("places.import.add", ["token": brokenToken, "text": .string(piece), "format": "csv"])
        }
        #expect(try client.error("places.import.commit", ["token": brokenToken]) == wholeError)

        let overToken = try #require(try client.result("places.import.begin")["token"])
        let before = JSON.array((0..<15).map { ["name": .string("P\($0)"), "latitude": 1, "longitude": 2] })
        try client.result("places.import.add", ["token": overToken, "places": before])
        for piece in pieces(csv, size: 50) {
            try client.result("places.import.add", ["token": overToken, "text": .string(piece), "format": "csv"])
        }
        let over = try client.error("places.import.commit", ["token": overToken])
        #expect(
            over["code"] == -32006 && over["message"]?.string?.contains("more than 15 places") == true, "\(over)")
        let abortedToken = try #require(try client.result("places.import.begin")["token"])
        try client.result("places.import.add", ["token": abortedToken, "text": .string(csv), "format": "csv"])
        #expect(try client.result("places.import.abort", ["token": abortedToken]) == ["staged": 0])
        #expect(try client.list()["total"] == 21)
    }
}
