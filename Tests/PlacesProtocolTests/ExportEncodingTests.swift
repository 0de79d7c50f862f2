import PlacesModel
import PlacesProtocol
import Testing

/// The documents `places.export` writes.
@Suite struct ExportEncodingTests {
    @Test func writesTheJSONResult() throws {
        var out = JSONWriter()
        ExportResult.write(format: .json, places: [samplePlace()], includeOwner: false, to: &out)
        let result = try JSONParser.parse(out.bytes)
        #expect(result["format"] == "json")
        #expect(result["document"]?.arrayValue?.count == 1)
        #expect(
            try WirePlace.decode(try #require(result["document"]?.arrayValue?.first)) == WirePlace(samplePlace()))
    }

    @Test func writesGeoJSON() throws {
        var out = JSONWriter()
        ExportEncoding.writeDocument(format: .geojson, places: [samplePlace()], includeOwner: true, to: &out)
        let expected: JSONValue = [
            "type": "FeatureCollection",
            "features": [
                [
                    "type": "Feature", "id": "0f8fad5b-d9cb-469f-a165-70867728950e",
                    "geometry": ["type": "Point", "coordinates": [2.2945, 48.8584]],
                    "properties": [
                        "name": "Eiffel Tower", "description": "Iron lady", "visited": false, "visitedAt": .null,
                        "tags": [], "version": 1,
                        "createdAt": "2026-11-30T16:03:55.123Z", "updatedAt": "2026-11-30T16:03:55.123Z", "owner": 1000,
                    ],
                ]
            ],
        ]
        #expect(try JSONParser.parse(out.bytes) == expected)
    }

    @Test func writesGPX() throws {
        var place = samplePlace()
        place.name = "Fish & <Chips>"
        place.description = "\"quoted\" 'single'\ttab\u{1}\r\n"
        place.isVisited = true
        place.visitedAt = Timestamp(millisecondsSinceEpoch: 1_780_272_000_000)
        place.tags = ["Rome & <more>", "to do"]
        let gpx = String(decoding: ExportEncoding.gpx([place, samplePlace()]), as: UTF8.self)
        #expect(
            gpx == """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="placesd" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:osmand="https://osmand.net" xmlns:placesd="urn:placesd:gpx:1">
                  <wpt lat="48.8584" lon="2.2945"><time>2026-11-30T16:03:55.123Z</time><name>Fish &amp; &lt;Chips&gt;</name>\
                <desc>&quot;quoted&quot; &apos;single&apos;\ttab\u{FFFD}&#13;\n</desc><type>Rome &amp; &lt;more&gt;</type>\
                <extensions><osmand:visited_date>2026-06-01T00:00:00.000Z</osmand:visited_date>\
                <placesd:tag>Rome &amp; &lt;more&gt;</placesd:tag><placesd:tag>to do</placesd:tag></extensions></wpt>
                  <wpt lat="48.8584" lon="2.2945"><time>2026-11-30T16:03:55.123Z</time><name>Eiffel Tower</name>\
                <desc>Iron lady</desc></wpt>
                </gpx>

                """
        )
        var out = JSONWriter()
        ExportResult.write(format: .gpx, places: [place], includeOwner: false, to: &out)
        let result = try JSONParser.parse(out.bytes)
        #expect(result["format"] == "gpx")
        #expect(result["document"]?.stringValue == String(decoding: ExportEncoding.gpx([place]), as: UTF8.self))
    }
}
