import Foundation
import Testing

/// Exports read by independent readers: GDAL's `ogrinfo` (GeoJSON and GPX) and Python's `geojson` package.
///
/// Both are test dependencies (`make deps-test` installs them): when one is missing the test fails.
@Suite("Exports read by other software")
struct ExportReaderTests {
    /// Places whose names and coordinates the readers must report back.
    static let places: [JSON] = [
        ["name": "Tour Eiffel", "description": "Iron lady\nline two", "latitude": 48.8584, "longitude": 2.2945],
        ["name": "Café & <Bar> \"quoted\"", "latitude": -33.8688, "longitude": 151.2093, "visited": true],
        ["name": "東京タワー", "latitude": 35.6586, "longitude": 139.7454],
        ["name": "Antimeridian", "latitude": -16.5, "longitude": -180],
    ]

    /// The `Feature Count: N` of `ogrinfo -so` output (the first one).
    static func featureCount(_ summary: String) -> Int? {
        guard let match = summary.firstMatch(of: #/Feature Count: (\d+)/#) else { return nil }
        return Int(match.1)
    }

    /// Every `POINT (lon lat)` in `ogrinfo` output, as (longitude, latitude).
    static func points(_ output: String) -> [(Double, Double)] {
        output.matches(of: #/POINT \((-?[0-9.eE+-]+) (-?[0-9.eE+-]+)\)/#).compactMap { match in
            guard let longitude = Double(match.1), let latitude = Double(match.2) else { return nil }
            return (longitude, latitude)
        }
    }

    /// Starts a daemon holding `places`, exports `format` and writes the document to a file; returns its path.
    private func exported(_ format: String, from daemon: DaemonProcess) throws -> String {
        let client = try daemon.connect()
        if try client.list()["total"] == 0 {
            for place in Self.places { try client.add(place) }
        }
        let result = try client.result("places.export", ["format": .string(format)])
        let text: String
        switch result["document"] {
        case .string(let xml): text = xml
        case let document?: text = document.text
        case nil: throw TestFailure("no document: \(result)")
        }
        let path = daemon.directory.file("export.\(format)")
        try TemporaryDirectory.write(Array(text.utf8), to: path)
        return path
    }

    /// Checks ogrinfo's full listing: one point per place at its coordinates, and every name.
    private func expectListing(_ listing: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let points = Self.points(listing)
        #expect(points.count == Self.places.count, "\(listing.prefix(2000))", sourceLocation: sourceLocation)
        for place in Self.places {
            let latitude = place["latitude"]?.double ?? .nan
            let longitude = place["longitude"]?.double ?? .nan
            #expect(
                points.contains { abs($0.0 - longitude) < 1e-9 && abs($0.1 - latitude) < 1e-9 },
                "POINT (\(longitude) \(latitude)) in \(listing.prefix(2000))", sourceLocation: sourceLocation)
            let name = place["name"]?.string ?? "?"
            #expect(
                listing.contains("name (String) = \(name)"), "\(name) in the listing", sourceLocation: sourceLocation)
        }
    }

    /// ogrinfo reads the GeoJSON export: the right feature count, coordinates and names.
    @Test func ogrinfoReadsGeoJSON() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = try exported("geojson", from: daemon)
        let summary = try ExternalTool.ogrinfo(["-ro", "-al", "-so", path], in: daemon.directory)
        #expect(Self.featureCount(summary) == Self.places.count, "\(summary)")
        #expect(summary.contains("Geometry: Point"), "\(summary)")
        expectListing(try ExternalTool.ogrinfo(["-ro", "-al", path], in: daemon.directory))
    }

    /// ogrinfo reads the GPX export: its `waypoints` layer has one point per place.
    @Test func ogrinfoReadsGPX() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = try exported("gpx", from: daemon)
        let summary = try ExternalTool.ogrinfo(["-ro", "-so", path, "waypoints"], in: daemon.directory)
        #expect(Self.featureCount(summary) == Self.places.count, "\(summary)")
        let listing = try ExternalTool.ogrinfo(["-ro", path, "waypoints"], in: daemon.directory)
        expectListing(listing)
        #expect(listing.contains("desc (String) = Iron lady"), "the description is the waypoint's desc")
    }

    /// Python's `geojson` package finds the GeoJSON export valid, with one Point feature per place.
    @Test func pythonGeoJSONFindsItValid() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let path = try exported("geojson", from: daemon)
        let script = """
            import geojson, sys
            o = geojson.load(open(sys.argv[1], encoding="utf-8"))
            if not o.is_valid:
                print("invalid:", o.errors())
                sys.exit(1)
            print(type(o).__name__, len(o["features"]), " ".join(sorted({f["geometry"]["type"] for f in o["features"]})))
            """
        let run = try ExternalTool.python(script, [path], in: daemon.directory)
        #expect(!run.stderr.contains("No module named 'geojson'"), "install it: make deps-test (\(run.summary))")
        #expect(run.status == .exited(0), "\(run.summary)")
        #expect(run.stdout == "FeatureCollection \(Self.places.count) Point\n", "\(run.summary)")
    }
}
