import Foundation
import PlacesModel
import PlacesProtocol
import Testing

@testable import PlacesFormats

/// Our KML and KMZ as GDAL and gpsbabel read them, and what comes back through them.
@Suite struct KMLToolTests {
    private static let gdal = "gdal-bin"

    /// Writes `bytes` to `name` in a new directory and runs `body` there.
    private func withFile(_ name: String, _ bytes: [UInt8], _ body: (URL) throws -> Void) throws {
        let directory = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        try body(directory)
    }

    @Test func gdalReadsEveryFieldOfAFlatExport() throws {
        let places = SamplePlaces.all
        try withFile("places.kml", KMLExport.kml(places, groupByTag: false)) { directory in
            try Tool.run(
                "ogr2ogr", ["-f", "GeoJSON", "places.geojson", "places.kml"], in: directory, package: Self.gdal)
            let data = try Data(contentsOf: directory.appendingPathComponent("places.geojson"))
            let collection = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let features = try #require(collection["features"] as? [[String: Any]])
            #expect(features.count == places.count)
            for (feature, place) in zip(features, places) {
                let properties = try #require(feature["properties"] as? [String: Any])
                let geometry = try #require(feature["geometry"] as? [String: Any])
                let coordinates = try #require(geometry["coordinates"] as? [Double])
                #expect(abs(coordinates[0] - place.coordinate.longitude) < 1e-7, "\(place.name)")
                #expect(abs(coordinates[1] - place.coordinate.latitude) < 1e-7, "\(place.name)")
                #expect((properties["Name"] as? String).map(KMLText.trimmed) == KMLText.trimmed(place.name))
                let description = (properties["description"] as? String) ?? ""
                #expect(KMLDescription.plainText(description) == place.description, "\(place.name)")
                #expect(properties["id"] as? String == place.id.description)
                // Written for a visited place only.
                #expect(properties["visited"] as? String == (place.isVisited ? "true" : nil))
                #expect(properties["visitedAt"] as? String == place.visitedAt?.description)
                #expect(KMLTagList.split(properties["tags"] as? String ?? "") == place.tags, "\(place.name)")
            }
        }
    }

    @Test func gdalsOwnKMLOfOurExportReadsBackToTheSamePlaces() throws {
        try withFile("places.kml", KMLExport.kml(SamplePlaces.all, groupByTag: false)) { directory in
            try Tool.run("ogr2ogr", ["-f", "KML", "gdal.kml", "places.kml"], in: directory, package: Self.gdal)
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("gdal.kml")))
            let document = try KMLReading.kml(bytes)
            // GDAL writes the fields as SchemaData/SimpleData inside a Folder named after the layer (ours win), and
            // coordinates to 15 significant digits.
            KMLExportTests.expectSame(document.places, SamplePlaces.all, tolerance: 1e-7)
        }
    }

    @Test func gdalReadsAGroupedExportAsOneLayerPerFolder() throws {
        try withFile("grouped.kml", KMLExport.kml(SamplePlaces.all, groupByTag: true)) { directory in
            let summary = try Tool.run(
                "ogrinfo", ["-ro", "-so", "-al", "grouped.kml"], in: directory, package: Self.gdal)
            let layers = summary.split(separator: "\n").filter { $0.hasPrefix("Layer name: ") }
                .map { $0.dropFirst("Layer name: ".count) }
            let counts = summary.split(separator: "\n").filter { $0.hasPrefix("Feature Count: ") }
                .map { Int($0.dropFirst("Feature Count: ".count)) ?? -1 }
            #expect(layers == ["grouped", "a;b", "food", "Sydney", "views"])
            #expect(counts == [1, 1, 1, 1, 1])
        }
    }

    @Test func gdalReadsOurKMZ() throws {
        try withFile("places.kmz", try KMZExport.kmz(SamplePlaces.all, groupByTag: false)) { directory in
            let summary = try Tool.run(
                "ogrinfo", ["-ro", "-so", "-al", "places.kmz"], in: directory, package: Self.gdal)
            #expect(summary.contains("Feature Count: \(SamplePlaces.all.count)"), "\(summary)")
        }
    }

    /// gpsbabel keeps names, descriptions and coordinates (`prec=9`: its default is 6 decimals) and puts every
    /// waypoint in a `Waypoints` folder; it drops `ExtendedData`, so ids, visited state, visit dates and tags are
    /// lost, and the folder becomes every place's tag.
    @Test func gpsbabelKeepsNamesDescriptionsAndCoordinates() throws {
        let places = SamplePlaces.all
        try withFile("places.kml", KMLExport.kml(places, groupByTag: false)) { directory in
            try Tool.run(
                "gpsbabel", ["-i", "kml", "-f", "places.kml", "-o", "kml,prec=9", "-F", "babel.kml"], in: directory,
                package: "gpsbabel")
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("babel.kml")))
            let read = try KMLReading.kml(bytes).places
            #expect(read.count == places.count)
            for (imported, place) in zip(read, places) {
                #expect(imported.draft.name == KMLText.trimmed(place.name))
                #expect(imported.draft.description == place.description, "\(place.name)")
                #expect(abs(imported.draft.coordinate.longitude - place.coordinate.longitude) < 1e-7)
                #expect(abs(imported.draft.coordinate.latitude - place.coordinate.latitude) < 1e-7)
                #expect(imported.draft.tags == ["Waypoints"])
                #expect(imported.id == nil && !imported.draft.isVisited)
            }
        }
    }
}
