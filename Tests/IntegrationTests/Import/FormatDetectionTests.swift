import Foundation
import Testing

/// `placesctl import` of every format placesd reads, told by content: what it says it did and left out, with
/// `--json` and `--dry-run`, `--format`, and the refusal of a file in no format it reads.
@Suite("placesctl import: formats by content and the report")
struct FormatDetectionTests {
    /// A KML document as Google My Maps writes one list: a Folder, a Point, a LineString, a Placemark without
    /// geometry, and an element placesd keeps nothing of.
    static let myMaps = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2">
        <Document><name>Holiday</name>
        <Folder><name>Rome</name>
        <Placemark><name>Colosseum</name><description>Arena</description><styleUrl>#icon-1</styleUrl>
        <Point><coordinates>12.4922,41.8902,0</coordinates></Point></Placemark>
        <Placemark><name>Via Appia</name><LineString><coordinates>12.5,41.8,0 12.6,41.7,0</coordinates></LineString></Placemark>
        <Placemark><name>Somewhere</name></Placemark>
        </Folder></Document></kml>
        """

    /// The line `myMaps` reports.
    static let myMapsReport =
        "Imported 1 place (2 skipped: 1 without coordinates, 1 LineString; dropped fields: styleUrl).\n"

    /// Runs placesctl against `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory, timeout: 30)
    }

    /// Writes `text` to the file `name` of `daemon`'s directory and returns its path.
    private func file(_ daemon: DaemonProcess, _ name: String, _ text: String) throws -> String {
        let path = daemon.directory.file(name)
        try TemporaryDirectory.write(Array(text.utf8), to: path)
        return path
    }

    /// The caller's places.
    private func places(_ daemon: DaemonProcess) throws -> [JSON] {
        try daemon.connect().list()["places"]?.array ?? []
    }

    /// A `.txt` holding KML is read as KML, and the summary says what was skipped and dropped; `--json` gives
    /// the same as an object, with where each skipped entry is.
    @Test func kmlInATextFileIsReadAndReported() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = try file(daemon, "notes.txt", Self.myMaps)
        let imported = try placesctl(daemon, ["import", path])
        #expect(imported.status == .exited(0) && imported.stdout == Self.myMapsReport, "\(imported.summary)")
        let place = try #require(try places(daemon).first)
        #expect(place["name"]?.string == "Colosseum" && place["tags"] == .array([.string("Rome")]), "\(place)")

        let again = try placesctl(daemon, ["--json", "import", path])
        #expect(again.status == .exited(0), "\(again.summary)")
        let result = try JSON(parsing: again.stdout)
        #expect(result["added"]?.int == 1)
        #expect(
            result["leftOut"]
                == .object([
                    "withoutCoordinates": .object(["count": .number(1), "where": .array([.string("line 8")])]),
                    "geometry": .object([
                        "LineString": .object(["count": .number(1), "where": .array([.string("line 7")])])
                    ]),
                    "droppedFields": .array([.string("styleUrl")]),
                ]), "\(again.stdout)")
    }

    /// A dry run says the same words as what would happen, and changes nothing.
    @Test func aDryRunReportsAndChangesNothing() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = try file(daemon, "list.kml", Self.myMaps)
        let dry = try placesctl(daemon, ["import", "--dry-run", path])
        #expect(
            dry.status == .exited(0)
                && dry.stdout == "Dry run, nothing changed: would import 1 place (2 skipped: 1 without coordinates, "
                    + "1 LineString; dropped fields: styleUrl).\n",
            "\(dry.summary)")
        #expect(try places(daemon).isEmpty)
        let revision = try daemon.connect().result("server.status")["revision"]?.int
        #expect(revision == 0, "a dry run changes no revision")
    }

    /// Each format, in a file whose name says nothing of it, comes in with its names and coordinates.
    @Test(
        arguments: [
            ("a", Self.myMaps, "Colosseum", 41.8902, 12.4922),
            (
                "b",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="OsmAnd" xmlns="http://www.topografix.com/GPX/1/1">
                <wpt lat="41.9009" lon="12.4833"><name>Trevi</name><type>Rome</type></wpt></gpx>
                """, "Trevi", 41.9009, 12.4833
            ),
            ("c", "name,lat,lon\r\n\"Pantheon, Rome\",41.8986,12.4769\r\n", "Pantheon, Rome", 41.8986, 12.4769),
            (
                "d",
                #"""
                {"type": "FeatureCollection", "features": [{"type": "Feature",
                 "geometry": {"type": "Point", "coordinates": [12.4534, 41.9029]},
                 "properties": {"Title": "St. Peter's", "google_maps_url": "http://maps.google.com/?cid=1"}}]}
                """#, "St. Peter's", 41.9029, 12.4534
            ),
        ] as [(String, String, String, Double, Double)])
    func eachFormatIsToldByContent(name: String, text: String, placeName: String, latitude: Double, longitude: Double)
        throws
    {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let imported = try placesctl(daemon, ["import", try file(daemon, name, text)])
        #expect(imported.status == .exited(0) && imported.stdout.hasPrefix("Imported 1 place"), "\(imported.summary)")
        let place = try #require(try places(daemon).first)
        #expect(place["name"]?.string == placeName, "\(place)")
        #expect(abs((place["latitude"]?.double ?? 0) - latitude) < 1e-9, "\(place)")
        #expect(abs((place["longitude"]?.double ?? 0) - longitude) < 1e-9, "\(place)")
    }

    /// A KMZ (our own export, zipped) is read from its bytes, and goes back to the same places.
    @Test func kmzRoundTrips() throws {
        let source = try DaemonProcess.started()
        defer { source.shutdown() }
        let client = try source.connect()
        try client.add(["name": "Colosseum", "latitude": 41.8902, "longitude": 12.4922, "tags": ["rome", "arena"]])
        try client.add(["name": "Trevi", "description": "Coins", "latitude": 41.9009, "longitude": 12.4833])
        let archive = source.directory.file("export.bin")
        let export = try placesctl(source, ["export", "--format", "kmz", "--group-by-tag", "-o", archive])
        #expect(export.status == .exited(0), "\(export.summary)")
        #expect(TemporaryDirectory.contents(of: archive)?.starts(with: [0x50, 0x4B, 0x03, 0x04]) == true)

        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let imported = try placesctl(target, ["import", archive])
        #expect(imported.status == .exited(0) && imported.stdout == "Imported 2 places.\n", "\(imported.summary)")
        let names = try places(target).map { [$0["name"], $0["description"], $0["tags"]] }
            .sorted { ($0[0]?.string ?? "") < ($1[0]?.string ?? "") }
        #expect(
            names == [
                [.string("Colosseum"), .string(""), .array([.string("arena"), .string("rome")])],
                [.string("Trevi"), .string("Coins"), .array([])],
            ])
    }

    /// `--format` reads a file as the format given, whatever it holds: KML forced as GPX is refused by placesd
    /// as not GPX, GeoJSON forced as placesctl's own JSON by placesctl; KML forced as KML is read.
    @Test func formatForcesTheReading() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let kml = try file(daemon, "list.kml", Self.myMaps)
        let asGPX = try placesctl(daemon, ["import", "--format", "gpx", kml])
        #expect(asGPX.status == .exited(65) && asGPX.stderr.contains("gpx"), "\(asGPX.summary)")
        let geojson = try file(daemon, "list.json", #"{"type":"FeatureCollection","features":[]}"#)
        let asJSON = try placesctl(daemon, ["import", "--format", "json", geojson])
        #expect(
            asJSON.status == .exited(65) && asJSON.stderr.contains("not placesctl's own JSON (--format geojson)"),
            "\(asJSON.summary)")
        #expect(try places(daemon).isEmpty)

        let asKML = try placesctl(daemon, ["import", "--format", "kml", kml])
        #expect(asKML.status == .exited(0) && asKML.stdout == Self.myMapsReport, "\(asKML.summary)")
    }

    /// KML, KMZ and CSV files larger than a request line go as pieces of their text (KMZ's base64) and are read
    /// at the commit, with what they left out reported; pieces of two formats in one import are refused.
    @Test func largeFilesGoAsPiecesOfText() throws {
        let count = 400
        var kml = #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Walks</name>"#
        var csv = "name,latitude,longitude,description,colour\n"
        let note = String(repeating: "a long note ", count: 10)
        for index in 0..<count {
            kml +=
                "<Placemark><name>Stop \(index)</name><description>\(note)</description>"
                + "<Point><coordinates>\(Double(index) / 100),45.5</coordinates></Point></Placemark>\n"
            csv += "Stop \(index),45.5,\(Double(index) / 100),\(note),red\n"
        }
        kml += "<Placemark><name>Loop</name><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark>"
        kml += "</Folder></Document></kml>\n"
        let daemon = try DaemonProcess.started(arguments: ["--max-line-bytes", "8192"])
        defer { daemon.shutdown() }
        let kmlPath = try file(daemon, "walks", kml)
        let imported = try placesctl(daemon, ["import", kmlPath])
        #expect(
            imported.status == .exited(0) && imported.stdout == "Imported \(count) places (1 skipped: 1 LineString).\n",
            "\(imported.summary)")
        let csvPath = try file(daemon, "walks.csv", csv)
        let fromCSV = try placesctl(daemon, ["import", "--dry-run", csvPath])
        #expect(
            fromCSV.status == .exited(0)
                && fromCSV.stdout
                    == "Dry run, nothing changed: would import \(count) places (dropped fields: colour).\n",
            "\(fromCSV.summary)")
        let archive = daemon.directory.file("walks.kmz")
        let export = try placesctl(daemon, ["export", "--format", "kmz", "-o", archive])
        #expect(export.status == .exited(0), "\(export.summary)")
        let target = try DaemonProcess.started(arguments: ["--max-line-bytes", "8192"])
        defer { target.shutdown() }
        let fromKMZ = try placesctl(target, ["import", archive])
        #expect(
            fromKMZ.status == .exited(0) && fromKMZ.stdout == "Imported \(count) places.\n", "\(fromKMZ.summary)")

        let raw = try daemon.connect()
        let token = try #require(try raw.result("places.import.begin")["token"]?.string)
        try raw.result("places.import.add", ["token": .string(token), "text": "<kml>", "format": "kml"])
        let mixed = try raw.error("places.import.add", ["token": .string(token), "gpxText": "<gpx>"])
        #expect(mixed["data"]?["field"]?.string == "format", "\(mixed)")
        let notBase64 = try raw.error("places.import", ["kmz": "PK not base64"])
        #expect(notBase64["code"] == -32602 && notBase64["data"]?["field"] == "kmz", "\(notBase64)")
    }

    /// A file in no format placesd reads is refused, naming those it reads, with exit 65 and nothing imported.
    @Test func aFileInNoFormatIsRefused() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        for (name, text) in [("notes.txt", "Buy milk\n"), ("page.html", "<html><body/></html>")] {
            let refused = try placesctl(daemon, ["import", try file(daemon, name, text)])
            #expect(
                refused.status == .exited(65)
                    && refused.stderr
                        == "placesctl: '\(daemon.directory.file(name))' is none of the formats placesd reads: JSON "
                        + "(placesctl's own), GeoJSON, GPX, KML, KMZ or CSV with a header row.\n",
                "\(refused.summary)")
        }
        #expect(try places(daemon).isEmpty)
    }
}
