import Foundation
import PlacesFormats
import PlacesModel
import PlacesProtocol
import Testing

/// Our KML export read back by our import: the same places, exactly.
@Suite struct KMLExportTests {
    /// Checks that `read` holds `places`' fields, in order, with the same ids; coordinates may differ by
    /// `tolerance` degrees.
    static func expectSame(_ read: [ImportedPlace], _ places: [Place], tolerance: Double = 0) {
        #expect(read.count == places.count)
        for (imported, place) in zip(read, places) {
            let draft = imported.draft
            #expect(imported.id == place.id)
            #expect(draft.name == place.name.trimmingCharacters(in: .whitespaces))
            #expect(draft.description == place.description)
            #expect(abs(draft.coordinate.latitude - place.coordinate.latitude) <= tolerance, "\(place.name)")
            #expect(abs(draft.coordinate.longitude - place.coordinate.longitude) <= tolerance, "\(place.name)")
            #expect(draft.isVisited == place.isVisited)
            #expect(draft.visitedAt == place.visitedAt)
            #expect(draft.tags == place.tags, "\(place.name)")
        }
    }

    @Test func aFlatExportReadsBackToTheSamePlaces() throws {
        let kml = KMLExport.kml(SamplePlaces.all, groupByTag: false)
        let document = try KMLReading.kml(kml)
        Self.expectSame(document.places, SamplePlaces.all)
        #expect(document.omissions.isEmpty)
    }

    @Test func aGroupedExportHasOneFolderPerFirstTagAndReadsBackTheSameTags() throws {
        let kml = KMLExport.kml(SamplePlaces.all, groupByTag: true)
        let text = String(decoding: kml, as: UTF8.self)
        #expect(text.components(separatedBy: "<Folder>").count - 1 == 4)
        for folder in ["a;b", "food", "Sydney", "views"] {
            #expect(text.contains("<Folder><name>\(folder)</name>"), "\(folder)")
        }
        let document = try KMLReading.kml(kml)
        // Untagged places first, then each folder in tag order.
        let order = ["Plain", "東京タワー", "Café & <Bar>", "  Spaced  ", "Edge"]
        let expected = order.map { name in SamplePlaces.all.first { $0.name == name }! }
        Self.expectSame(document.places, expected)
    }

    @Test func aPlaceNotVisitedHasNoVisitedDataAndReadsBackTheSame() throws {
        let plain = SamplePlaces.place("Plain", 51.5, -0.1)
        for grouped in [false, true] {
            let kml = KMLExport.kml([plain], groupByTag: grouped)
            let text = String(decoding: kml, as: UTF8.self)
            #expect(
                text.contains(
                    "<ExtendedData><Data name='id'><value>\(plain.id)</value></Data>"
                        + "<Data name='tags'><value></value></Data></ExtendedData>"))
            #expect(!text.contains("visited"))
            Self.expectSame(try KMLReading.kml(kml).places, [plain])
        }
        // Beside tagged places, in their folders, it still reads back without tags.
        let places = [plain] + SamplePlaces.all
        let grouped = try KMLReading.kml(KMLExport.kml(places, groupByTag: true))
        #expect(grouped.places.first { $0.id == plain.id }?.draft.tags == [])
    }

    @Test func writesOnePlacemarkALineWithoutIndentation() {
        let text = String(decoding: KMLExport.kml(SamplePlaces.all, groupByTag: false), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("<Placemark>") && $0.hasSuffix("</Placemark>") }.count == 5)
        #expect(!lines.contains { $0.hasPrefix(" ") && $0.contains("<Placemark>") })
    }

    @Test(arguments: [
        0.000001, -0.0000123, 1e-15, -Double.leastNonzeroMagnitude, 1.5e-10, 12.492230934567891, -179.99999999999997,
        180, 0,
    ])
    func coordinatesReadBackExactly(value: Double) throws {
        let place = SamplePlaces.place("Tiny", value.magnitude <= 90 ? value : 45, value)
        let text = String(decoding: KMLExport.kml([place], groupByTag: false), as: UTF8.self)
        #expect(text.contains("<coordinates>\(DecimalText.plain(value)),"))
        let read = try KMLReading.kml(text).places
        #expect(read.first?.draft.coordinate.longitude == value)
        #expect(read.first?.draft.coordinate.latitude == place.coordinate.latitude)
    }

    @Test func writesCoordinatesWithoutExponents() {
        let text = String(decoding: KMLExport.kml(SamplePlaces.all, groupByTag: false), as: UTF8.self)
        #expect(text.contains("<coordinates>-0.0000123,51.5</coordinates>"))
        // Only the coordinates: a place's random id may hold "e-0" ("4b3c872e-0977-…").
        let coordinates = text.matches(of: #/<coordinates>([^<]*)</coordinates>/#).map { String($0.output.1) }
        #expect(coordinates.count == SamplePlaces.all.count)
        #expect(coordinates.allSatisfy { !$0.contains("e") && !$0.contains("E") }, "\(coordinates)")
    }

    /// The document written straight into a JSON string is the bytes a writer makes of `kml(_:groupByTag:)`'s
    /// document: texts with a tab, a line feed or a backslash, which XML keeps and JSON escapes, included.
    @Test(arguments: [false, true])
    func writesTheSameDocumentIntoAJSONString(groupByTag: Bool) {
        let places =
            SamplePlaces.all + [
                SamplePlaces.place(
                    "Back\\slash\tand tab", 1.5, 2.5, description: "C:\\maps\nline\ttab", tags: ["a\\b", "tab\tbed"])
            ]
        var expected = JSONWriter()
        KMLExport.kml(places, groupByTag: groupByTag).withUnsafeBufferPointer { expected.writeString(utf8: $0) }
        var written = JSONWriter()
        KMLExport.writeJSONString(places, groupByTag: groupByTag, to: &written)
        #expect(written.bytes == expected.bytes)
    }
}
