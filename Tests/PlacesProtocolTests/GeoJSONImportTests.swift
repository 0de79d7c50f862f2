import PlacesModel
import PlacesProtocol
import Testing

/// Reading GeoJSON that other programs write: their property names, their geometries, their `crs`, and Google
/// Takeout's saved places.
@Suite struct GeoJSONImportTests {
    private func document(_ text: String) throws -> ImportedDocument {
        try GeoJSONImport.document(from: try json(text))
    }

    private func document(fixture name: String) throws -> ImportedDocument {
        try GeoJSONImport.document(from: try JSONParser.parse(try fixture(name)))
    }

    private func failure(_ text: String) throws -> ValidationError? {
        let value = try json(text)
        do throws(RPCError) {
            _ = try GeoJSONImport.document(from: value)
            return nil
        } catch {
            return ValidationError(
                field: error.data?["field"]?.stringValue ?? "", reason: error.data?["reason"]?.stringValue ?? "")
        }
    }

    @Test func readsWhatOgr2ogrWritesFromAKML() throws {
        let read = try document(fixture: "ogr2ogr-from-kml.geojson")
        #expect(read.places.map(\.draft.name) == ["Colosseum", "Pantheon"])
        #expect(read.places.map(\.draft.description) == ["Arrive early", ""])
        #expect(read.places[0].draft.coordinate == Coordinate(latitude: 41.8902102, longitude: 12.4922309))
        #expect(read.places[1].draft.tags == ["churches", "Rome"])
        #expect(read.omissions.skipped[.geometry("LineString")]?.locations == ["features[1]"])
        #expect(read.omissions.droppedFields.isEmpty)
    }

    @Test(arguments: [
        (#"{"name":"a","Name":"b","title":"c","Title":"d"}"#, "a"),
        (#"{"Name":"b","title":"c","Title":"d"}"#, "b"),
        (#"{"title":"c","Title":"d"}"#, "c"),
        (#"{"Title":"d","location":{"name":"e"}}"#, "d"),
        (#"{"name":null,"location":{"name":"e"}}"#, "e"),
        (#"{"Location":{"Business Name":"f"}}"#, "f"),
        (#"{}"#, PlaceRules.defaultName),
    ])
    func takesTheNameFromTheFirstNameProperty(properties: String, name: String) throws {
        let read = try document(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":"# + properties
                + #","geometry":{"type":"Point","coordinates":[1,2]}}]}"#)
        #expect(read.places.map(\.draft.name) == [name])
    }

    @Test func reportsUnknownPropertiesButNotItsOwn() throws {
        let read = try document(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{"name":"A","desc":"d","#
                + #""colour":"red","icon":"star","visited":true,"visitedAt":"2026-01-02","version":3,"#
                + #""createdAt":"2026-01-01T00:00:00Z","tags":["x"]},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#
        )
        #expect(read.places.map(\.draft.description) == ["d"])
        #expect(read.omissions.droppedFields == ["colour", "icon"])
    }

    @Test func reprojectsWebMercator() throws {
        let read = try document(fixture: "web-mercator.geojson")
        let expected = [
            Coordinate(latitude: 48.8583701, longitude: 2.2944813),
            Coordinate(latitude: -33.8567844, longitude: 151.2152967),
        ]
        for (place, coordinate) in zip(read.places, expected) {
            #expect(abs(place.draft.coordinate.latitude - coordinate.latitude) < 1e-9)
            #expect(abs(place.draft.coordinate.longitude - coordinate.longitude) < 1e-9)
        }
        #expect(read.places.count == 2)
    }

    @Test(arguments: ["urn:ogc:def:crs:OGC:1.3:CRS84", "EPSG:4326", "urn:ogc:def:crs:EPSG::4326"])
    func readsWGS84AsItIs(name: String) throws {
        let read = try document(
            #"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":""# + name
                + #""}},"features":[{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[1.5,2.5]}}]}"#
        )
        #expect(read.places.map(\.draft.coordinate) == [Coordinate(latitude: 2.5, longitude: 1.5)])
    }

    @Test func refusesAnyOtherSystemNamingIt() throws {
        let failure = try failure(
            #"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::2154"}},"#
                + #""features":[]}"#)
        #expect(failure?.field == "geojson.crs")
        #expect(failure?.reason.hasPrefix("names the coordinate system 'urn:ogc:def:crs:EPSG::2154', which") == true)
    }

    @Test func skipsFeaturesWithoutAPointAndRefusesACollectionOfNone() throws {
        let read = try document(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}},"#
                + #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[]}},"#
                + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]}}]}"#)
        #expect(read.places.count == 1)
        #expect(read.omissions.skipped[.withoutCoordinates]?.locations == ["features[0]"])
        #expect(read.omissions.skipped[.geometry("Polygon")]?.locations == ["features[1]"])
        #expect(
            try failure(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null},"#
                    + #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[]}},"#
                    + #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[]}}]}"#)
                == ValidationError(
                    field: "geojson.features",
                    reason: "holds no Point feature to import, only 1 feature without coordinates and 2 LineString"))
    }

    @Test func readsGoogleTakeoutSavedPlaces() throws {
        let read = try document(fixture: "takeout-saved-places.json")
        #expect(read.places.map(\.draft.name) == ["Fergus House", "Hut on the glacier"])
        #expect(
            read.places.map(\.draft.description) == [
                "6854 Beatty Line N, Alma, ON N0B 1A0, Canada\nhttp://maps.google.com/?cid=7229199943400449909",
                "Konkordiaplatz, 3984 Fieschertal, Schweiz\nhttp://maps.google.com/?cid=13688209039469782482",
            ])
        #expect(read.places[0].draft.coordinate == Coordinate(latitude: 43.7389082, longitude: -80.4432488))
        #expect(read.places.allSatisfy { !$0.draft.isVisited })
        #expect(read.omissions.skipped[.withoutCoordinates]?.locations == ["features[1]"])
        #expect(read.omissions.droppedFields == ["date", "location.country_code"])
    }

    @Test func aPlaceAtZeroZeroIsSkippedOnlyFromTakeout() throws {
        let read = try document(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Null Island"},"#
                + #""geometry":{"type":"Point","coordinates":[0,0]}}]}"#)
        #expect(read.places.map(\.draft.name) == ["Null Island"])
    }

    @Test func readsOlderGoogleTakeoutSavedPlaces() throws {
        let read = try document(fixture: "takeout-saved-places-2019.json")
        #expect(read.places.map(\.draft.name) == ["Alexandra Palace"])
        #expect(
            read.places.map(\.draft.description) == ["United Kingdom\nhttp://maps.google.com/?cid=17295021474934382781"]
        )
        #expect(read.omissions.droppedFields == ["Published", "Updated", "Location.Country Code"])
    }

    @Test func namesTheAliasAnErrorIsAbout() throws {
        #expect(
            try failure(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"Title":" "},"#
                    + #""geometry":{"type":"Point","coordinates":[1,2]}}]}"#)
                == ValidationError(field: "geojson.features[0].properties.Title", reason: "must not be empty"))
    }
}
