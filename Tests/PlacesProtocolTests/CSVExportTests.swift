import PlacesModel
import PlacesProtocol
import Testing

/// Writing CSV, and reading it back to the same places.
@Suite struct CSVExportTests {
    @Test func writesTheColumnsImportReadsWithCRLF() throws {
        let id = PlaceID("5d0e8a4c-3b0e-4d2c-9d7e-2a1f6b3c4d5e")!
        let draft = try PlaceDraft(
            name: "Fish, \"Chips\"", description: "one\ntwo", latitude: 48.858370123456789, longitude: -0.000001,
            visitedAt: Timestamp(rfc3339: "2026-06-01"), tags: ["b", "a;z"])
        let csv = String(decoding: CSVExport.csv([storedPlace(draft, id: id)]), as: UTF8.self)
        #expect(
            csv
                == "id,name,latitude,longitude,description,visited,visitedAt,tags,createdAt\r\n"
                + "5d0e8a4c-3b0e-4d2c-9d7e-2a1f6b3c4d5e,\"Fish, \"\"Chips\"\"\",48.85837012345679,-0.000001,\"one\ntwo\","
                + "true,2026-06-01T00:00:00.000Z,a;z;b,2026-05-28T20:26:40.000Z\r\n")
    }

    @Test func roundTripsExactly() throws {
        let drafts = [
            try PlaceDraft(
                name: "Café \"Zéro\", Paris", description: " spaced \r\nlines, \"quotes\"\t", latitude: -33.8567844,
                longitude: 151.21529670000001, visitedAt: Timestamp(rfc3339: "2026-06-01T10:20:30.456Z"),
                tags: ["Paris", "to do", "ünïcode"]),
            try PlaceDraft(name: "Plain", latitude: 0.1 + 0.2, longitude: -179.99999999999997),
            try PlaceDraft(name: "Visited long ago", latitude: 1, longitude: 2, isVisited: true),
        ]
        let places = drafts.map { storedPlace($0) }
        let document = try csvDocument(CSVExport.csv(places))
        #expect(document.places.map(\.id) == places.map(\.id))
        #expect(document.places.map(\.draft.name) == drafts.map(\.name))
        #expect(document.places.map(\.draft.description) == drafts.map(\.description))
        #expect(document.places.map(\.draft.coordinate) == drafts.map(\.coordinate))
        #expect(document.places.map(\.draft.tags) == drafts.map(\.tags))
        #expect(document.places.map(\.draft.isVisited) == [true, false, true])
        // A place visited without a date gets one when it is stored, which the export writes.
        #expect(document.places.map(\.draft.visitedAt) == places.map(\.visitedAt))
        #expect(document.omissions.isEmpty)
    }
}
