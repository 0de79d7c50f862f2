import Testing

/// `places.import` (all or nothing, in the `places` and GeoJSON forms) and `places.export` round trips.
@Suite("places.import and places.export")
struct ImportExportTests {
    /// Places with awkward content: Unicode, markup characters, line breaks, the coordinate extremes.
    static let awkward: [JSON] = [
        [
            "name": "Tour Eiffel", "description": "Iron lady\nsecond line\ttab", "latitude": 48.8584,
            "longitude": 2.2945,
        ],
        ["name": "Café & <Bar> \"quoted\" 'single'", "latitude": -33.8688, "longitude": 151.2093, "visited": true],
        ["name": "東京 🗼", "description": "Ünïcødé", "latitude": 35.6762, "longitude": 139.6503],
        ["name": "North pole", "latitude": 90, "longitude": 180],
        ["name": "South pole", "latitude": -90, "longitude": -180, "visited": true],
        ["name": "Null Island", "latitude": 0, "longitude": 0],
    ]

    /// The result of an import that added `added` places and skipped and replaced none.
    static func importResult(added: JSON, revision: JSON, leftOut: JSON = ["droppedFields": []]) -> JSON {
        [
            "added": added, "replaced": 0, "skipped": ["idInUse": 0, "duplicate": 0], "leftOut": leftOut,
            "dryRun": false, "revision": revision,
        ]
    }

    /// The fields a round trip must keep, per place in order.
    private func essentials(_ places: [JSON]) -> [JSON] {
        places.map { place in
            [
                "id": place["id"] ?? nil, "name": place["name"] ?? nil, "description": place["description"] ?? nil,
                "latitude": place["latitude"] ?? nil, "longitude": place["longitude"] ?? nil,
                "visited": place["visited"] ?? nil,
            ]
        }
    }

    /// The `places` form: ids kept (in canonical case), defaults applied, version and timestamps ignored,
    /// one `added` event and revision per place, result `{added, revision}`.
    @Test func importPlacesForm() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.add(["name": "Existing", "latitude": 1, "longitude": 1])
        let watcher = try WatchingConnection(daemon)
        let start = try #require(try watcher.result("places.watch")["revision"]?.int)

        let kept = "0F8FAD5B-D9CB-469F-A165-70867728950E"
        let result = try client.result(
            "places.import",
            [
                "places": [
                    [
                        "id": .string(kept), "name": "  Kept id  ", "description": "d", "latitude": 48.8584,
                        "longitude": 2.2945, "visited": true, "version": 7, "createdAt": "2001-01-01T00:00:00.000Z",
                        "updatedAt": "2001-01-02T00:00:00.000Z", "owner": 12345,
                    ],
                    ["name": "New id", "latitude": -10.5, "longitude": -20.25],
                    ["latitude": 0, "longitude": 0],
                ]
            ])
        #expect(result == Self.importResult(added: 3, revision: .number(Double(start + 3))))
        let list = try client.list()
        #expect(names(list) == ["Existing", "Kept id", "New id", "New location"], "imported places go last, in order")
        #expect(list["revision"]?.int == start + 3)
        let places = list["places"]?.array ?? []
        let first = places[1]
        #expect(first["id"] == .string(kept.lowercased()), "the given id, in canonical lower case: \(first)")
        #expect(first["version"] == 1 && first["visited"] == true && first["description"] == "d", "\(first)")
        #expect(first["createdAt"] != "2001-01-01T00:00:00.000Z" && first["updatedAt"] == first["createdAt"])
        #expect(first["owner"] == nil)
        #expect(isCanonicalUUID(places[2]["id"]?.string) && places[2]["id"] != first["id"])
        #expect(places[3]["description"] == "" && places[3]["visited"] == false)

        let events = try watcher.changes(through: start + 3)
        try ChangeReplay.checkConsecutive(events, after: start)
        #expect(events.map { $0["change"] } == ["added", "added", "added"])
        #expect(events.map { $0["place"] } == Array(places[1...]).map { Optional($0) })

        #expect(
            try client.result("places.import", ["places": []])
                == Self.importResult(added: 0, revision: .number(Double(start + 3))))
    }

    /// One bad element refuses the whole import with -32602 naming its index and field; nothing changes.
    @Test(
        arguments: [
            (["latitude": 91, "longitude": 2], "places[2].latitude"),
            (["latitude": 1, "longitude": 2, "lat": 3], "places[2].lat"),
            (["latitude": "1", "longitude": 2], "places[2].latitude"),
            (["longitude": 2], "places[2].latitude"),
            (["latitude": 1, "longitude": 181], "places[2].longitude"),
            (["name": "", "latitude": 1, "longitude": 2], "places[2].name"),
            (["name": .string(String(repeating: "n", count: 201)), "latitude": 1, "longitude": 2], "places[2].name"),
            (["description": "a\u{7}b", "latitude": 1, "longitude": 2], "places[2].description"),
            (["visited": "yes", "latitude": 1, "longitude": 2], "places[2].visited"),
            (["id": "not-a-uuid", "latitude": 1, "longitude": 2], "places[2].id"),
            ("a string", "places[2]"),
        ] as [(JSON, String)])
    func oneBadElementRefusesEverything(_ bad: JSON, _ field: String) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.add(["name": "Existing", "latitude": 1, "longitude": 1])
        let before = try client.list()
        let good: JSON = ["name": "Good", "latitude": 5, "longitude": 6]
        let error = try client.error("places.import", ["places": [good, good, bad, good]])
        expectError(error, code: -32602, field: field)
        #expect(try client.list() == before, "nothing imported, revision unchanged")
    }

    /// Malformed params as a whole are -32602 too.
    @Test(
        arguments: [
            ([:], "places"), (["places": ["latitude": 1, "longitude": 2]], "places"), (["places": "[]"], "places"),
            (["places": [], "format": "json"], "format"),
        ] as [(JSON, String)])
    func malformedParams(_ params: JSON, _ field: String) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        expectError(try client.error("places.import", params), code: -32602, field: field, "\(params)")
        expectError(
            try client.error(
                "places.import", ["places": [], "geojson": ["type": "FeatureCollection", "features": []]]),
            code: -32602)
        #expect(try client.list()["total"] == 0)
    }

    /// An id already in use (by an existing place or earlier in the same import) refuses everything with -32002.
    @Test func idInUseRefusesEverything() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let existing = try client.add(["name": "Existing", "latitude": 1, "longitude": 1])
        let before = try client.list()
        let fresh = "11111111-2222-4333-8444-555555555555"
        let inUse = try client.error(
            "places.import",
            [
                "places": [
                    ["id": .string(fresh), "latitude": 1, "longitude": 2],
                    ["id": .string((existing["id"]?.string ?? "").uppercased()), "latitude": 3, "longitude": 4],
                ]
            ])
        expectError(inUse, code: -32002)
        #expect(try client.list() == before)
        let twice = try client.error(
            "places.import",
            [
                "places": [
                    ["id": .string(fresh), "latitude": 1, "longitude": 2],
                    ["id": .string(fresh), "latitude": 3, "longitude": 4],
                ]
            ])
        expectError(twice, code: -32002, "the second use of an id within one import")
        #expect(try client.list() == before)
        let geojsonInUse = try client.error(
            "places.import",
            [
                "geojson": [
                    "type": "FeatureCollection",
                    "features": [
                        [
                            "type": "Feature", "id": existing["id"] ?? nil,
                            "geometry": ["type": "Point", "coordinates": [1, 2]], "properties": [:],
                        ]
                    ],
                ]
            ])
        expectError(geojsonInUse, code: -32002)
        #expect(try client.list() == before)
    }

    /// The GeoJSON form: `[longitude, latitude]`, the feature id kept, `name` defaulted, `desc` read as the
    /// description, unknown properties ignored; a bad feature refuses everything with -32602 naming it.
    @Test func importGeoJSONForm() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let watcher = try WatchingConnection(daemon)
        let start = try #require(try watcher.result("places.watch")["revision"]?.int)
        let kept = "a3bb189e-8bf9-4888-9912-ace4e6543002"
        func point(_ longitude: JSON, _ latitude: JSON) -> JSON {
            ["type": "Point", "coordinates": [longitude, latitude]]
        }
        let features: [JSON] = [
            [
                "type": "Feature", "id": .string(kept), "geometry": point(2.2945, 48.8584),
                "properties": [
                    "name": "Eiffel", "description": "Iron", "visited": true, "marker-color": "#f00", "version": 9,
                ],
            ],
            ["type": "Feature", "geometry": point(139.6503, 35.6762), "properties": ["desc": "From desc"]],
            ["type": "Feature", "geometry": point(-180, -90), "properties": nil],
        ]
        let result = try client.result(
            "places.import", ["geojson": ["type": "FeatureCollection", "features": .array(features)]])
        #expect(
            result
                == Self.importResult(
                    added: 3, revision: .number(Double(start + 3)), leftOut: ["droppedFields": ["marker-color"]]))
        let places = try client.list()["places"]?.array ?? []
        try #require(places.count == 3)
        #expect(places[0]["id"] == .string(kept) && places[0]["name"] == "Eiffel" && places[0]["visited"] == true)
        #expect(places[0]["latitude"] == 48.8584 && places[0]["longitude"] == 2.2945 && places[0]["version"] == 1)
        #expect(places[0]["description"] == "Iron")
        #expect(places[1]["name"] == "New location" && places[1]["description"] == "From desc", "\(places[1])")
        #expect(places[1]["latitude"] == 35.6762 && places[1]["longitude"] == 139.6503)
        #expect(places[2]["name"] == "New location" && places[2]["latitude"] == -90 && places[2]["longitude"] == -180)
        let events = try watcher.changes(through: start + 3)
        #expect(events.map { $0["change"] } == ["added", "added", "added"])
        #expect(events.map { $0["place"] } == places.map { Optional($0) })

        let before = try client.list()
        let bad: [JSON] = [
            ["type": "Feature", "geometry": point(200, 0), "properties": [:]],
            ["type": "Feature", "geometry": point(0, -91), "properties": [:]],
            ["type": "Feature", "geometry": point("0", 0), "properties": [:]],
            ["type": "Feature", "geometry": point(0, 0), "properties": ["name": ""]],
        ]
        for feature in bad {
            let error = try client.error(
                "places.import",
                ["geojson": ["type": "FeatureCollection", "features": [features[1], feature, features[2]]]])
            expectError(error, code: -32602, "\(feature)")
            let field = error["data"]?["field"]?.string ?? ""
            #expect(field.hasPrefix("geojson.features[1]"), "the field names the feature: \(error)")
        }
        // Features that are not Points are skipped, but a collection of nothing else is refused.
        let lineString: JSON = [
            "type": "Feature", "geometry": ["type": "LineString", "coordinates": [[0, 0], [1, 1]]], "properties": [:],
        ]
        for document in [
            ["type": "Feature", "geometry": point(0, 0), "properties": [:]],
            ["type": "FeatureCollection"], ["type": "FeatureCollection", "features": "none"], "text",
            ["type": "FeatureCollection", "features": [lineString, ["type": "Feature", "properties": [:]]]],
        ] as [JSON] {
            expectError(try client.error("places.import", ["geojson": document]), code: -32602, "\(document)")
        }
        #expect(try client.list() == before, "refused imports change nothing")

        // A feature that is not a point, or has no geometry, is skipped, and the result says so.
        let line: JSON = [
            "type": "Feature", "geometry": ["type": "LineString", "coordinates": [[0, 0], [1, 1]]], "properties": [:],
        ]
        let nowhere: JSON = ["type": "Feature", "properties": [:]]
        let skipped = try client.result(
            "places.import",
            ["geojson": ["type": "FeatureCollection", "features": [features[1], line, nowhere]], "dryRun": true])
        #expect(
            skipped["added"] == 1
                && skipped["leftOut"]
                    == [
                        "geometry": ["LineString": ["count": 1, "where": ["features[1]"]]],
                        "withoutCoordinates": ["count": 1, "where": ["features[2]"]], "droppedFields": [],
                    ],
            "\(skipped)")
    }

    /// Export `json` gives the list itself; `geojson` a FeatureCollection of Points; `gpx` GPX 1.1 text.
    /// Export json, import into a fresh daemon: the same places; the same through GeoJSON.
    @Test func exportFormatsAndRoundTrips() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        for place in Self.awkward { try client.add(place) }
        let list = try client.list()
        let places = list["places"]?.array ?? []

        let json = try client.result("places.export", ["format": "json"])
        #expect(json["format"] == "json" && json["document"] == list["places"], "the json export is the list")

        let geojson = try client.result("places.export", ["format": "geojson"])
        #expect(geojson["format"] == "geojson" && geojson["document"]?["type"] == "FeatureCollection")
        let features = geojson["document"]?["features"]?.array ?? []
        #expect(features.count == places.count)
        for (feature, place) in zip(features, places) {
            #expect(feature["type"] == "Feature" && feature["id"] == place["id"], "\(feature)")
            #expect(
                feature["geometry"] == [
                    "type": "Point", "coordinates": [place["longitude"] ?? nil, place["latitude"] ?? nil],
                ])
            #expect(feature["properties"]?["name"] == place["name"])
            #expect(feature["properties"]?["description"] == place["description"])
            #expect(feature["properties"]?["visited"] == place["visited"])
        }

        let gpx = try client.result("places.export", ["format": "gpx"])
        let xml = try #require(gpx["document"]?.string, "\(gpx)")
        #expect(gpx["format"] == "gpx" && xml.hasPrefix("<?xml"), "\(xml.prefix(100))")
        #expect(xml.contains("http://www.topografix.com/GPX/1/1") && xml.contains("version=\"1.1\""))
        #expect(xml.components(separatedBy: "<wpt ").count - 1 == places.count)
        #expect(xml.contains("Café &amp; &lt;Bar&gt;"), "markup characters are escaped")

        for (params, field) in [(["format": "shp"], "format"), ([:], "format"), (["format": 1], "format")]
            as [(JSON, String)]
        {
            expectError(try client.error("places.export", params), code: -32602, field: field, "\(params)")
        }

        for form in ["places", "geojson"] {
            let other = try DaemonProcess.started()
            defer { other.shutdown() }
            let document = form == "places" ? json["document"] : geojson["document"]
            let imported = try other.connect().result("places.import", [form: document ?? nil])
            #expect(
                imported
                    == Self.importResult(added: .number(Double(places.count)), revision: .number(Double(places.count))))
            let copy = try other.connect().list()
            #expect(essentials(copy["places"]?.array ?? []) == essentials(places), "round trip through \(form)")
            #expect((copy["places"]?.array ?? []).allSatisfy { $0["version"] == 1 })
        }
    }
}
