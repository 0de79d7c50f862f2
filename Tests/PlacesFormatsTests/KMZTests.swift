import PlacesModel
import PlacesProtocol
import Testing

@testable import PlacesFormats

/// KMZ archives: our export read back, the entry chosen, and the archives refused.
@Suite struct KMZTests {
    private let kml = Array(
        KMLReading.document("<Placemark><name>Zipped</name><Point><coordinates>1,2</coordinates></Point></Placemark>")
            .utf8)

    @Test func anExportReadsBackToTheSamePlaces() throws {
        let kmz = try KMZExport.kmz(SamplePlaces.all, groupByTag: false)
        #expect(kmz.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        KMLExportTests.expectSame(try KMLReading.kmz(kmz).places, SamplePlaces.all)
        #expect(try KMZExport.kmz(SamplePlaces.all, groupByTag: false) == kmz)
    }

    @Test func readsDocKMLElseTheFirstKMLEntry() throws {
        let other = Array(
            KMLReading.document(
                "<Placemark><name>Other</name><Point><coordinates>3,4</coordinates></Point></Placemark>"
            ).utf8)
        let withDoc = try ZipWriter.archive([("files/icon.png", [0x89, 0x50]), ("a.kml", other), ("doc.kml", kml)])
        #expect(try KMLReading.kmz(withDoc).places.map(\.draft.name) == ["Zipped"])
        let withoutDoc = try ZipWriter.archive([("files/icon.png", [0x89]), ("lists/Trip.KML", kml), ("b.kml", other)])
        #expect(try KMLReading.kmz(withoutDoc).places.map(\.draft.name) == ["Zipped"])
    }

    @Test func namesTheEntryInAnError() throws {
        let bad = Array(KMLReading.document("<Placemark><Point><coordinates>x</coordinates></Point></Placemark>").utf8)
        let archive = try ZipWriter.archive([("places/bad.kml", bad)])
        let refusal = KMLReading.refusal { try KMLReading.kmz(archive) }
        #expect(refusal?.field == "kmz[places/bad.kml].Placemark[0].Point.coordinates")
    }

    @Test func refusesAZipBomb() throws {
        // 8 MiB of one byte deflate to some 8 KiB: a thousand times smaller.
        var bomb = Array(KMLReading.document("<!-- ").utf8)
        bomb += [UInt8](repeating: UInt8(ascii: " "), count: 8 << 20)
        bomb += Array(" -->".utf8)
        let archive = try ZipWriter.archive([("doc.kml", bomb)])
        #expect(archive.count < 64 << 10)
        let refusal = KMLReading.refusal { try KMLReading.kmz(archive) }
        #expect(refusal?.field == "kmz")
        #expect(refusal?.reason.hasPrefix("holds 'doc.kml', which expands ") == true)
        #expect(
            refusal?.reason.hasSuffix("times its compressed size (more than 100 times): refused as a zip bomb") == true)
    }

    @Test func refusesTooManyEntries() throws {
        let entries = (0...KMZImport.maximumEntries).map { (name: "icons/\($0).png", contents: [UInt8(0)]) }
        let archive = try ZipWriter.archive([("doc.kml", kml)] + entries)
        let refusal = KMLReading.refusal { try KMLReading.kmz(archive) }
        #expect(refusal?.reason == "holds 10002 entries; placesd reads archives of at most 10000")
    }

    @Test func refusesWhatIsNotAZipOrHoldsNoKML() throws {
        let notZip = KMLReading.refusal { try KMLReading.kmz(Array("<kml/>".utf8)) }
        #expect(notZip?.field == "kmz")
        #expect(notZip?.reason.hasPrefix("is not a zip archive: ") == true)
        let noKML = try ZipWriter.archive([("files/icon.png", [1, 2, 3])])
        #expect(
            KMLReading.refusal { try KMLReading.kmz(noKML) }?.reason
                == "holds no KML document (doc.kml, or any entry whose name ends in .kml)")
    }
}
