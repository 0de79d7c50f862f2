import PlacesGPX
import PlacesModel
import PlacesProtocol
import Testing

/// Our CSV and GPX exports through GDAL and gpsbabel and back: what each tool carries comes back the same.
@Suite(.serialized) struct ToolRoundTripTests {
    /// Places with what the formats must carry: quotes, commas, ampersands, accents, line ends, tiny and
    /// full-precision coordinates, tags, a visit date.
    private static func places(multilineDescriptions: Bool = true) throws -> [Place] {
        storedPlaces([
            try PlaceDraft(
                name: "Fish, \"Chips\" & Café", description: multilineDescriptions ? "one\ntwo, \"three\"" : "one, two",
                latitude: 48.858370123456789, longitude: -0.000001,
                visitedAt: Timestamp(rfc3339: "2024-04-12T14:30:00Z"),
                tags: ["Paris", "to do"]),
            try PlaceDraft(
                name: "Sydney Opera House", description: "Harbour", latitude: -33.8567844, longitude: 151.2152967,
                tags: ["Sydney"]),
            try PlaceDraft(name: "東京タワー", description: "Tower", latitude: 35.6585805, longitude: 139.7454329),
        ])
    }

    @Test func csvThroughOgr2ogr() throws {
        let tool = try ExternalTool()
        defer { tool.remove() }
        let places = try Self.places()
        try tool.write(CSVExport.csv(places), to: "ours.csv")
        try tool.run("ogr2ogr", ["-f", "CSV", "gdal.csv", "ours.csv"])
        let read = try tool.read("gdal.csv").withUnsafeBytes { bytes in
            try CSVImport.document(from: bytes, maximumPlaces: 10)
        }
        #expect(read.places.map(\.id) == places.map(\.id))
        #expect(read.places.map(\.draft.name) == places.map(\.name))
        #expect(read.places.map(\.draft.description) == places.map(\.description))
        #expect(read.places.map(\.draft.tags) == places.map(\.tags))
        #expect(read.places.map(\.draft.isVisited) == places.map(\.isVisited))
        #expect(read.places.map(\.draft.visitedAt) == places.map(\.visitedAt))
        expectCoordinates(read.places, near: places)
    }

    /// gpsbabel's `unicsv` reads no line end inside a field and keeps the name, coordinates and description.
    @Test func csvThroughGpsbabel() throws {
        let tool = try ExternalTool()
        defer { tool.remove() }
        let places = try Self.places(multilineDescriptions: false)
        try tool.write(CSVExport.csv(places), to: "ours.csv")
        try tool.run("gpsbabel", ["-i", "unicsv", "-f", "ours.csv", "-o", "gpx", "-F", "babel.gpx"])
        let read = try GPXImport.document(
            from: String(decoding: try tool.read("babel.gpx"), as: UTF8.self), maximumPlaces: 10)
        #expect(read.places.map(\.draft.name) == places.map(\.name))
        #expect(read.places.map(\.draft.description) == places.map(\.description))
        expectCoordinates(read.places, near: places)
    }

    /// gpsbabel passes placesd's and OsmAnd's extensions through (moved out of `extensions`), so everything
    /// comes back.
    @Test func gpxThroughGpsbabel() throws {
        let tool = try ExternalTool()
        defer { tool.remove() }
        let places = try Self.places()
        try tool.write(ExportEncoding.gpx(places), to: "ours.gpx")
        try tool.run("gpsbabel", ["-i", "gpx", "-f", "ours.gpx", "-o", "gpx", "-F", "babel.gpx"])
        let read = try GPXImport.document(
            from: String(decoding: try tool.read("babel.gpx"), as: UTF8.self), maximumPlaces: 10)
        #expect(read.places.map(\.draft.name) == places.map(\.name))
        #expect(read.places.map(\.draft.description) == places.map(\.description))
        #expect(read.places.map(\.draft.tags) == places.map(\.tags))
        #expect(read.places.map(\.draft.isVisited) == places.map(\.isVisited))
        #expect(read.places.map(\.draft.visitedAt) == places.map(\.visitedAt))
        expectCoordinates(read.places, near: places)
    }

    /// GDAL keeps GPX's own elements, so the group (the first tag) comes back, not the extensions.
    @Test func gpxThroughOgr2ogr() throws {
        let tool = try ExternalTool()
        defer { tool.remove() }
        let places = try Self.places()
        try tool.write(ExportEncoding.gpx(places), to: "ours.gpx")
        try tool.run("ogr2ogr", ["-f", "GPX", "gdal.gpx", "ours.gpx", "waypoints"])
        let read = try GPXImport.document(
            from: String(decoding: try tool.read("gdal.gpx"), as: UTF8.self), maximumPlaces: 10)
        #expect(read.places.map(\.draft.name) == places.map(\.name))
        #expect(read.places.map(\.draft.description) == places.map(\.description))
        #expect(read.places.map(\.draft.tags) == places.map { Array($0.tags.prefix(1)) })
        expectCoordinates(read.places, near: places)
    }
}
