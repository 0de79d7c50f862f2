import Foundation
import Testing

/// Our KML export read by other software and what it writes read back: GDAL (`ogr2ogr` to GeoJSON) and
/// gpsbabel (KML to GPX) keep the names, coordinates (within 1e-7°) and descriptions, and GDAL the tags and
/// visited state placesd writes in ExtendedData.
@Suite("KML export through GDAL and gpsbabel, and back")
struct FormatRoundTripTests {
    /// Places with what the tools carry: names and descriptions with non-ASCII text and a quote, coordinates
    /// with seven decimals, near the antimeridian and the equator, tags, one visited.
    static let places: [JSON] = [
        [
            "name": "Caffè \"Greco\"", "description": "Since 1760", "latitude": 41.9056771, "longitude": 12.4808125,
            "tags": ["coffee", "rome"],
        ],
        [
            "name": "東京タワー", "description": "Tower", "latitude": 35.6585805, "longitude": 139.7454329,
            "tags": ["tokyo"], "visited": true,
        ],
        ["name": "Date line", "description": "Almost", "latitude": -0.0000001, "longitude": 179.9999999],
    ]

    /// Runs placesctl against `daemon`.
    private func placesctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(
            try Binaries.placesctl(), ["--socket", daemon.socketPath] + arguments, in: daemon.directory, timeout: 30)
    }

    /// A daemon holding `places`, and their KML export's path.
    private func exported() throws -> (DaemonProcess, String) {
        let daemon = try DaemonProcess.started()
        let client = try daemon.connect()
        for place in Self.places { try client.add(place) }
        let path = daemon.directory.file("places.kml")
        let export = try placesctl(daemon, ["export", "--format", "kml", "-o", path])
        try #require(export.status == .exited(0), "\(export.summary)")
        return (daemon, path)
    }

    /// Imports `path` into a new daemon and returns its places by name.
    private func imported(_ path: String) throws -> [String: JSON] {
        let target = try DaemonProcess.started()
        defer { target.shutdown() }
        let run = try placesctl(target, ["import", path])
        try #require(run.status == .exited(0), "\(run.summary)")
        let places = try target.connect().list()["places"]?.array ?? []
        return Dictionary(places.map { ($0["name"]?.string ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `place` came back as `original`: name, coordinates within 1e-7°, description, and the fields in
    /// `also`.
    private func expectSame(_ place: JSON?, as original: JSON, also: [String], via tool: String) {
        let name = original["name"]?.string ?? ""
        guard let place else {
            Issue.record("\(name) did not come back through \(tool)")
            return
        }
        for key in ["latitude", "longitude"] {
            let difference = abs((place[key]?.double ?? .nan) - (original[key]?.double ?? .nan))
            #expect(difference <= 1e-7, "\(name)'s \(key) through \(tool): \(place)")
        }
        #expect(place["description"] == original["description"], "\(name) through \(tool): \(place)")
        for key in also {
            let expected: JSON? =
                switch key {
                case "tags": original["tags"] ?? .array([])
                case "visited": original["visited"] ?? .bool(false)
                default: original[key]
                }
            #expect(place[key] == expected, "\(name)'s \(key) through \(tool): \(place)")
        }
    }

    /// `ogr2ogr -f GeoJSON` of our KML, then `placesctl import` of the GeoJSON.
    @Test func throughGDAL() throws {
        let ogr2ogr = try ExternalTool.path("ogr2ogr", package: "the Debian package gdal-bin")
        let (source, kml) = try exported()
        defer { source.shutdown() }
        let geojson = source.directory.file("places.geojson")
        let converted = try Subprocess.run(ogr2ogr, ["-f", "GeoJSON", geojson, kml], in: source.directory, timeout: 60)
        try #require(converted.status == .exited(0), "\(converted.summary)")
        let back = try imported(geojson)
        #expect(back.count == Self.places.count, "\(back.keys)")
        for original in Self.places {
            expectSame(
                back[original["name"]?.string ?? ""], as: original, also: ["tags", "visited"], via: "ogr2ogr")
        }
    }

    /// `gpsbabel -i kml -f x.kml -o gpx -F y.gpx`, then `placesctl import` of the GPX.
    @Test func throughGpsbabel() throws {
        let gpsbabel = try ExternalTool.path("gpsbabel", package: "the Debian package gpsbabel")
        let (source, kml) = try exported()
        defer { source.shutdown() }
        let gpx = source.directory.file("places.gpx")
        let converted = try Subprocess.run(
            gpsbabel, ["-i", "kml", "-f", kml, "-o", "gpx", "-F", gpx], in: source.directory, timeout: 60)
        try #require(converted.status == .exited(0), "\(converted.summary)")
        let back = try imported(gpx)
        #expect(back.count == Self.places.count, "\(back.keys)")
        for original in Self.places {
            expectSame(back[original["name"]?.string ?? ""], as: original, also: [], via: "gpsbabel")
        }
    }
}
