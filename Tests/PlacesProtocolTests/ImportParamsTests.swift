import PlacesModel
import PlacesProtocol
import Testing

/// `places.import` params in both forms.
@Suite struct ImportParamsTests {
    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"

    @Test func decodesThePlacesForm() throws {
        let decoded = try ImportParams.decode(
            params(
                #"""
                {"places":[
                  {"id":"\#(Self.uuid)","name":"A","description":"d","latitude":1,"longitude":2,"visited":true,
                   "version":7,"createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"x","owner":1000},
                  {"latitude":-1,"longitude":-2}
                ]}
                """#
            )
        )
        #expect(
            decoded.places == [
                ImportedPlace(
                    id: PlaceID(Self.uuid),
                    draft: try PlaceDraft(name: "A", description: "d", latitude: 1, longitude: 2, isVisited: true)
                ),
                ImportedPlace(id: nil, draft: try PlaceDraft(latitude: -1, longitude: -2)),
            ]
        )
        #expect(try ImportParams.decode(params(#"{"places":[]}"#)).places.isEmpty)
    }

    @Test func readsWhatTheJSONExportWrites() throws {
        var out = JSONWriter()
        ExportEncoding.writeDocument(format: .json, places: [samplePlace()], includeOwner: true, to: &out)
        let document = try JSONParser.parse(out.bytes)
        let decoded = try ImportParams.decode(JSONObject([(key: "places", value: document)]))
        #expect(decoded.places.count == 1)
        #expect(decoded.places[0].id == samplePlace().id)
        #expect(decoded.places[0].draft.name == "Eiffel Tower")
        #expect(decoded.places[0].draft.coordinate == samplePlace().coordinate)
    }

    @Test func decodesGeoJSON() throws {
        let decoded = try ImportParams.decode(
            params(
                #"""
                {"geojson":{"type":"FeatureCollection","features":[
                  {"type":"Feature","id":"\#(Self.uuid)","geometry":{"type":"Point","coordinates":[2.2945,48.8584,33]},
                   "properties":{"name":"Eiffel Tower","desc":"Iron lady","visited":true,"marker-color":"#f00"}},
                  {"type":"Feature","id":17,"geometry":{"type":"Point","coordinates":[0,0]},"properties":null},
                  {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},
                   "properties":{"id":"\#(Self.uuid.uppercased())","name":null,"description":"long","desc":"short"}}
                ]}}
                """#
            )
        )
        #expect(
            decoded.places == [
                ImportedPlace(
                    id: PlaceID(Self.uuid),
                    draft: try PlaceDraft(
                        name: "Eiffel Tower", description: "Iron lady", latitude: 48.8584, longitude: 2.2945,
                        isVisited: true
                    )
                ),
                ImportedPlace(id: nil, draft: try PlaceDraft(latitude: 0, longitude: 0)),
                ImportedPlace(
                    id: PlaceID(Self.uuid), draft: try PlaceDraft(description: "long", latitude: 2, longitude: 1)),
            ]
        )
    }

    @Test func readsWhatTheGeoJSONExportWrites() throws {
        var out = JSONWriter()
        ExportEncoding.writeDocument(format: .geojson, places: [samplePlace()], includeOwner: true, to: &out)
        let decoded = try ImportParams.decode(JSONObject([(key: "geojson", value: try JSONParser.parse(out.bytes))]))
        let place = samplePlace()
        #expect(
            decoded.places == [
                ImportedPlace(
                    id: place.id,
                    draft: try PlaceDraft(
                        name: place.name, description: place.description, latitude: place.coordinate.latitude,
                        longitude: place.coordinate.longitude, isVisited: place.isVisited
                    )
                )
            ]
        )
    }

    /// The `gpx`, `kml` and `kmz` forms go to the reader the caller passes, with their format and the import
    /// limit, and give its places and what it left out.
    @Test(arguments: [("gpx", ImportTextFormat.gpx), ("kml", .kml), ("kmz", .kmz)])
    func textGoesToTheGivenReader(key: String, format: ImportTextFormat) throws {
        let draft = try PlaceDraft(name: "Read", latitude: 1, longitude: 2)
        var omissions = ImportOmissions()
        omissions.skip(.geometry("LineString"), at: "line 3")
        let read = ImportedDocument(places: [ImportedPlace(id: nil, draft: draft)], omissions: omissions)
        let decoded = try ImportParams.decode(
            params(#"{"\#(key)":"<doc>…</doc>"}"#), maximumPlaces: 7,
            readingWith: { (text, given, maximum) throws(RPCError) in
                #expect(text == "<doc>…</doc>" && given == format && maximum == 7)
                return read
            })
        #expect(decoded.places == read.places && decoded.omissions == omissions)
    }

    static let invalid: [(String?, String, String)] = [
        (nil, "places", "is required (or one of geojson, gpx, kml, csv, kmz)"),
        (#"{"places":[],"geojson":{}}"#, "geojson", "cannot be given together with places"),
        (#"{"gpx":"<gpx/>","geojson":{}}"#, "gpx", "cannot be given together with geojson"),
        (#"{"gpx":1}"#, "gpx", "must be a string of XML"),
        (#"{"kmz":1}"#, "kmz", "must be a string of base64"),
        (#"{"kml":"<kml/>"}"#, "kml", "is not read here"),
        (#"{"gpx":"<gpx/>"}"#, "gpx", "is not read here"),
        (#"{"places":{}}"#, "places", "must be an array"),
        (#"{"places":[1]}"#, "places[0]", "must be an object"),
        (#"{"places":[{"latitude":1,"longitude":2},{"latitude":1}]}"#, "places[1].longitude", "is required"),
        (#"{"places":[{"latitude":91,"longitude":2}]}"#, "places[0].latitude", "must be between -90 and 90"),
        (#"{"places":[{"latitude":1,"longitude":2,"lat":1}]}"#, "places[0].lat", "is not a known parameter"),
        (#"{"places":[{"latitude":1,"longitude":2,"id":"x"}]}"#, "places[0].id", "must be a UUID"),
        (#"{"places":[{"latitude":1,"longitude":2,"name":""}]}"#, "places[0].name", "must not be empty"),
        (#"{"format":"json"}"#, "format", "is not a known parameter"),
        (#"{"geojson":[]}"#, "geojson", "must be an object"),
        (#"{"geojson":{"type":"Feature"}}"#, "geojson.type", "must be \"FeatureCollection\""),
        (#"{"geojson":{"type":"FeatureCollection"}}"#, "geojson.features", "must be an array"),
        (#"{"geojson":{"type":"FeatureCollection","features":[1]}}"#, "geojson.features[0]", "must be an object"),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Point"}]}}"#, "geojson.features[0].type",
            "must be \"Feature\""
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}}"#,
            "geojson.features", "holds no Point feature to import, only 1 LineString"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1]}}]}}"#,
            "geojson.features[0].geometry.coordinates", "must be an array of longitude and latitude numbers"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,95]}}]}}"#,
            "geojson.features[0].geometry.coordinates[1]", "must be between -90 and 90"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[200,1]}}]}}"#,
            "geojson.features[0].geometry.coordinates[0]", "must be between -180 and 180"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":{"name":3}}]}}"#,
            "geojson.features[0].properties.name", "must be a string"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":{"visited":"no"}}]}}"#,
            "geojson.features[0].properties.visited", "must be a boolean"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":{"name":"\u0001"}}]}}"#,
            "geojson.features[0].properties.name", "must not contain control characters"
        ),
        (
            #"{"geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":[]}]}}"#,
            "geojson.features[0].properties", "must be an object or null"
        ),
    ]

    @Test(arguments: invalid)
    func refusesInvalidParams(text: String?, field: String, reason: String) throws {
        #expect(try paramsFailure(ImportParams.decode, text) == ValidationError(field: field, reason: reason))
    }
}

/// `--max-import-places`: an import of more places than the limit is refused with -32006 before it is read.
@Suite struct ImportLimitTests {
    private static func places(_ count: Int) -> String {
        "[" + Array(repeating: #"{"latitude":1,"longitude":2}"#, count: count).joined(separator: ",") + "]"
    }

    private static func features(_ count: Int) -> String {
        let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]}}"#
        return #"{"type":"FeatureCollection","features":["#
            + Array(repeating: feature, count: count).joined(separator: ",") + "]}"
    }

    @Test(arguments: ["places", "geojson"])
    func acceptsUpToTheLimit(form: String) throws {
        let text = form == "places" ? Self.places(3) : Self.features(3)
        #expect(try ImportParams.decode(params(#"{"\#(form)":\#(text)}"#), maximumPlaces: 3).places.count == 3)
    }

    @Test(arguments: ["places", "geojson"])
    func refusesMoreThanTheLimit(form: String) throws {
        let text = form == "places" ? Self.places(4) : Self.features(4)
        #expect {
            try ImportParams.decode(params(#"{"\#(form)":\#(text)}"#), maximumPlaces: 3)
        } throws: { error in
            guard let error = error as? RPCError else { return false }
            return error.code == -32006
                && error.message
                    == "Limit reached: The import has 4 places; one import may add at most 3 (max-import-places), "
                    + "so nothing was imported."
        }
    }

    @Test func countsBeforeReadingThePlaces() throws {
        // The second element is invalid, but the count is over the limit: the limit is what is reported.
        #expect {
            try ImportParams.decode(params(#"{"places":[{"latitude":1,"longitude":2},1]}"#), maximumPlaces: 1)
        } throws: { error in
            (error as? RPCError)?.code == -32006
        }
    }
}

/// The parts of a staged import and the import's options.
@Suite struct StagedImportParamsTests {
    @Test func aPartNamesItsPlacesByTheirIndexInTheWholeImport() throws {
        let part = try #require(
            try ImportAddParams.decode(
                params(#"{"token":"t","places":[{"latitude":1,"longitude":2},{"latitude":91,"longitude":2}]}"#)
            ).document)
        #expect(
            try paramsFailure(
                { (_: JSONObject?) throws(RPCError) in
                    try ImportParams.read(part, firstIndex: 1200, maximumPlaces: .max)
                }, nil) == ValidationError(field: "places[1201].latitude", reason: "must be between -90 and 90"))
        let features = try #require(
            try ImportAddParams.decode(
                params(
                    #"{"token":"t","geojson":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,95]}}]}}"#
                )
            ).document)
        #expect(
            try paramsFailure(
                { (_: JSONObject?) throws(RPCError) in
                    try ImportParams.read(features, firstIndex: 7, maximumPlaces: .max)
                }, nil)?.field == "geojson.features[7].geometry.coordinates[1]")
    }

    @Test func aPartCountsThePlacesBeforeIt() throws {
        let part = try #require(
            try ImportAddParams.decode(params(#"{"token":"t","places":[{"latitude":1,"longitude":2}]}"#)).document)
        #expect(try ImportParams.read(part, firstIndex: 2, maximumPlaces: 3).places.count == 1)
        #expect {
            try ImportParams.read(part, firstIndex: 3, maximumPlaces: 3)
        } throws: { error in
            (error as? RPCError)?.message.contains("The import has 4 places") == true
        }
    }

    @Test(arguments: [
        (#"{"places":[],"onConflict":"merge"}"#, "onConflict", #"must be "fail", "skip" or "replace", not "merge""#),
        (#"{"places":[],"dryRun":1}"#, "dryRun", "must be a boolean"),
        (#"{"token":"t","places":[]}"#, "token", "is not a known parameter"),
    ])
    func refusesBadOptions(text: String, field: String, reason: String) throws {
        #expect(try paramsFailure(ImportParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    /// A piece of text names its format (gpx when it does not, as `gpxText` does); a piece of text and places,
    /// or a format without text, are refused.
    @Test func aPieceOfTextNamesItsFormat() throws {
        #expect(
            try ImportAddParams.decode(params(#"{"token":"t","text":"<kml>","format":"kml"}"#)).part
                == .text("<kml>", .kml))
        #expect(
            try ImportAddParams.decode(params(#"{"token":"t","text":"UEsD","format":"kmz"}"#)).part
                == .text("UEsD", .kmz))
        #expect(try ImportAddParams.decode(params(#"{"token":"t","text":"<gpx>"}"#)).part == .text("<gpx>", .gpx))
        #expect(try ImportAddParams.decode(params(#"{"token":"t","gpxText":"<gpx>"}"#)).part == .text("<gpx>", .gpx))
        #expect(
            try paramsFailure(ImportAddParams.decode, #"{"token":"t","text":"a","format":"doc"}"#)
                == ValidationError(field: "format", reason: "must be one of gpx, kml, csv, kmz"))
        #expect(
            try paramsFailure(ImportAddParams.decode, #"{"token":"t","text":"a","places":[]}"#)
                == ValidationError(field: "places", reason: "cannot be given together with text"))
        #expect(
            try paramsFailure(ImportAddParams.decode, #"{"token":"t","format":"kml","places":[]}"#)
                == ValidationError(field: "format", reason: "is given only with text"))
        #expect(
            try paramsFailure(ImportAddParams.decode, #"{"token":"t","gpxText":"a","format":"kml"}"#)
                == ValidationError(field: "format", reason: "is given only with text"))
    }

    @Test func theCommitAndTheAbortNeedTheToken() throws {
        #expect(
            try paramsFailure(ImportCommitParams.decode, "{}") == ValidationError(field: "token", reason: "is required")
        )
        #expect(try paramsFailure(ImportAbortParams.decode, #"{"token":1}"#)?.field == "token")
        #expect(
            try ImportCommitParams.decode(params(#"{"token":"t","onConflict":"skip"}"#)).options.onConflict == .skip)
    }
}
