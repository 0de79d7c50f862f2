import Foundation
import Testing

/// `places.import` of GPX: placesd's own export comes back the same, files other software writes are read,
/// and what cannot become places is refused with the waypoint and line it is about.
@Suite("places.import of GPX")
struct GPXImportTests {
    /// The places the other round trips use, and what XML in particular could get wrong: carriage returns
    /// (which XML readers turn into line feeds unless escaped), markup that looks like CDATA or an entity, wide
    /// and combining characters, coordinates that print with an exponent.
    static let awkward: [JSON] =
        ImportExportTests.awkward + [
            ["name": "Line ends", "description": "CR LF\r\nCR\rLF\ntab\t", "latitude": 48.8584, "longitude": 2.2945],
            ["name": "]]> &amp; 'q'", "description": "&lt; stays", "latitude": 1, "longitude": 2, "visited": true],
            ["name": "東京タワー 🗼 e\u{301}", "latitude": -0.00001, "longitude": 1e-7],
        ]

    /// The fields GPX carries, per place in order.
    private func carried(_ places: [JSON]) -> [JSON] {
        places.map { place in
            [
                "name": place["name"] ?? nil, "description": place["description"] ?? nil,
                "latitude": place["latitude"] ?? nil, "longitude": place["longitude"] ?? nil,
                "visited": place["visited"] ?? nil,
            ]
        }
    }

    /// Runs placesctl against `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory)
    }

    /// `placesctl export --format gpx` then `placesctl import` into another daemon: every name, description,
    /// coordinate and visited flag comes back, in order, with new ids.
    @Test func exportThenImportIsTheIdentity() throws {
        let source = try DaemonProcess.started()
        defer { source.shutdown() }
        let client = try source.connect()
        for place in Self.awkward { try client.add(place) }
        let exported = try #require(try client.list()["places"]?.array)
        let path = source.directory.file("places.gpx")
        let export = try placesctl(source, ["export", "--format", "gpx", "-o", path])
        #expect(export.status == .exited(0), "\(export.summary)")

        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let imported = try placesctl(target, ["import", path])
        #expect(
            imported.status == .exited(0) && imported.stdout == "Imported \(Self.awkward.count) places.\n",
            "\(imported.summary)")
        let places = try #require(try target.connect().list()["places"]?.array)
        #expect(carried(places) == carried(exported))
        let newIDs = Set(places.compactMap { $0["id"]?.string })
        let oldIDs = Set(exported.compactMap { $0["id"]?.string })
        #expect(newIDs.count == Self.awkward.count && newIDs.isDisjoint(with: oldIDs), "new ids")

        // Through the protocol, the export's own document string is the param.
        let document = try #require(try client.result("places.export", ["format": "gpx"])["document"])
        let third = try DaemonProcess.started()
        defer { third.shutdown() }
        let raw = try third.connect()
        #expect(try raw.result("places.import", ["gpx": document])["added"]?.int == Self.awkward.count)
        #expect(carried(try raw.list()["places"]?.array ?? []) == carried(exported))
    }

    /// GDAL writes GPX from GeoJSON with its own creator, namespaces and extensions; its waypoints are read.
    @Test func readsGPXThatGDALWrites() throws {
        let ogr2ogr = try ExternalTool.path("ogr2ogr", package: "the Debian package gdal-bin")
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let geojson = daemon.directory.file("in.geojson")
        let gpx = daemon.directory.file("out.gpx")
        try TemporaryDirectory.write(
            Array(
                #"""
                {"type": "FeatureCollection", "features": [
                 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.2945, 48.8584]},
                  "properties": {"name": "Eiffel Tower", "desc": "Iron lady", "ele": 35}},
                 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [139.7454, 35.6586]},
                  "properties": {"name": "東京タワー", "type": "visited", "population": 1}}]}
                """#.utf8), to: geojson)
        let converted = try Subprocess.run(
            ogr2ogr, ["-f", "GPX", "-dsco", "GPX_USE_EXTENSIONS=YES", gpx, geojson], in: daemon.directory,
            timeout: 30)
        try #require(converted.status == .exited(0), "\(converted.summary)")
        let imported = try placesctl(daemon, ["import", gpx])
        #expect(imported.status == .exited(0), "\(imported.summary)")
        let places = try daemon.connect().list()["places"]?.array ?? []
        #expect(
            carried(places) == [
                [
                    "name": "Eiffel Tower", "description": "Iron lady", "latitude": 48.8584, "longitude": 2.2945,
                    "visited": false,
                ],
                ["name": "東京タワー", "description": "", "latitude": 35.6586, "longitude": 139.7454, "visited": true],
            ], "\(String(decoding: TemporaryDirectory.contents(of: gpx) ?? [], as: UTF8.self))")
    }

    /// A GPX 1.0 file as an older device writes it, in ISO 8859-1, with elevations, symbols, comments, a track
    /// and a route: its waypoints become places, the rest is skipped, and the summary says so.
    @Test func readsAnOldDevicesFile() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = daemon.directory.file("device.gpx")
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>
            <gpx version="1.0" creator="Device" xmlns="http://www.topografix.com/GPX/1/0">
            <time>2008-05-01T10:00:00Z</time>
            <wpt lat="46.947922" lon="7.444608"><ele>540.0</ele><name>Bärengraben</name><cmt>Bern</cmt><sym>Flag</sym></wpt>
            <wpt lat="46.5" lon="7.9"><name>Jungfraujoch</name><desc>Top of Europe</desc></wpt>
            <rte><rtept lat="1" lon="2"><name>Route point</name></rtept></rte>
            <trk><trkseg><trkpt lat="3" lon="4"/></trkseg></trk>
            </gpx>
            """
        try TemporaryDirectory.write(text.unicodeScalars.map { UInt8($0.value) }, to: path)
        let imported = try placesctl(daemon, ["import", path])
        #expect(
            imported.status == .exited(0)
                && imported.stdout == "Imported 2 places (2 skipped: 1 rte, 1 trk; dropped fields: ele, sym).\n",
            "\(imported.summary)")
        #expect(
            carried(try daemon.connect().list()["places"]?.array ?? []) == [
                [
                    "name": "Bärengraben", "description": "Bern", "latitude": 46.947922, "longitude": 7.444608,
                    "visited": false,
                ],
                [
                    "name": "Jungfraujoch", "description": "Top of Europe", "latitude": 46.5, "longitude": 7.9,
                    "visited": false,
                ],
            ])
    }

    /// Refusals change nothing and say which waypoint, which field and which line; placesctl exits 65, or 1 for
    /// a limit.
    @Test func refusalsNameTheWaypoint() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-import-places", "2"])
        defer { daemon.shutdown() }
        let raw = try daemon.connect()
        let gpx = #"<gpx xmlns="http://www.topografix.com/GPX/1/1">"#
        let cases: [(String, Int, String, String)] = [
            ("\(gpx)<trk><trkseg/></trk></gpx>", -32602, "gpx", "has no waypoints (wpt) to import, only 1 track"),
            (
                "\(gpx)\n<wpt lat=\"1\" lon=\"2\"/>\n<wpt lat=\"95\" lon=\"2\"/></gpx>", -32602, "gpx.wpt[1].lat",
                "must be between -90 and 90 (line 3)"
            ),
            (
                "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx/>", -32602,
                "gpx",
                "has a document type declaration (line 2)"
            ),
            ("\(gpx)<wpt lat=\"1\" lon=\"2\">", -32602, "gpx", "is not well-formed XML: no element found"),
            ("\(gpx)" + String(repeating: "<wpt lat=\"1\" lon=\"2\"/>", count: 3) + "</gpx>", -32006, "", ""),
        ]
        for (document, code, field, reason) in cases {
            let error = try raw.error("places.import", ["gpx": .string(document)])
            #expect(error["code"]?.int == code, "\(document): \(error)")
            if code == -32602 {
                #expect(error["data"]?["field"] == .string(field), "\(error)")
                #expect(error["data"]?["reason"]?.string?.hasPrefix(reason) == true, "\(error)")
            }
            let path = daemon.directory.file("bad.gpx")
            try TemporaryDirectory.write(Array(document.utf8), to: path)
            let run = try placesctl(daemon, ["import", path])
            #expect(run.status == .exited(code == -32006 ? 1 : 65), "\(run.summary)")
        }
        let notString = try raw.error("places.import", ["gpx": ["wpt": []]])
        #expect(notString["data"] == ["field": "gpx", "reason": "must be a string of XML"])
        let both = try raw.error("places.import", ["gpx": "<gpx/>", "places": []])
        #expect(both["data"] == ["field": "gpx", "reason": "cannot be given together with places"])
        #expect(try raw.list()["total"] == 0, "nothing was imported")
    }
}
