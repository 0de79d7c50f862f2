import Testing

/// `--max-import-places`: one `places.import` may add at most that many places.
@Suite("Import limit")
struct ImportLimitTests {
    private static func places(_ count: Int) -> JSON {
        .array((0..<count).map { index in ["name": .string("i\(index)"), "latitude": 1, "longitude": 2] })
    }

    /// Over the limit: -32006 naming it, nothing imported, the connection and other clients unaffected; at the
    /// limit the import goes through. A line over max-line-bytes is still refused as too long.
    @Test func anImportOverTheLimitImportsNothing() throws {
        let daemon = try DaemonProcess.started(arguments: ["--max-import-places", "5", "--max-line-bytes", "4096"])
        defer { daemon.shutdown() }
        let importer = try daemon.connect()
        let other = try daemon.connect()
        let before = try other.list()["revision"]

        let error = try importer.error("places.import", ["places": Self.places(6)])
        #expect(error["code"] == -32006, "\(error)")
        let message = error["message"]?.string ?? ""
        #expect(message.contains("at most 5 (max-import-places)") && message.contains("has 6 places"), "\(message)")
        #expect(try importer.list()["total"] == 0, "nothing was imported")
        #expect(try other.list()["revision"] == before)

        let features = (0..<6).map { _ in
            JSON.object(["type": "Feature", "geometry": ["type": "Point", "coordinates": [2, 1]]])
        }
        let geojson = try importer.error(
            "places.import", ["geojson": ["type": "FeatureCollection", "features": .array(features)]])
        #expect(geojson["code"] == -32006, "the GeoJSON form is counted too: \(geojson)")

        #expect(try importer.result("places.import", ["places": Self.places(5)])["added"] == 5)
        #expect(try other.add(["name": "Other", "latitude": 3, "longitude": 4])["name"] == "Other")
        #expect(try importer.list()["total"] == 6)

        // The line limit still applies to an import under the place limit.
        let long = String(repeating: "x", count: 4200)
        try importer.send(
            Request.line(
                id: 9, method: "places.import",
                params: ["places": [["name": .string(long), "latitude": 1, "longitude": 2]]]))
        let response = try importer.readResponse()
        #expect(Reply.code(response) == -32600 && response["id"] == .null, "\(response)")
        #expect(try other.list()["total"] == 6)
    }
}
