import Foundation
import PlacesFormats
import PlacesModel
import PlacesProtocol
import Testing

/// KMLImport's rules one at a time, and the documents it refuses.
@Suite struct KMLImportTests {
    private func placemark(_ inside: String, coordinates: String = "2.2945,48.8584") -> String {
        "<Placemark>\(inside)<Point><coordinates>\(coordinates)</coordinates></Point></Placemark>"
    }

    @Test func extendedDataTagsWinOverFoldersAndAnEmptyOneMeansNone() throws {
        let document = try KMLReading.kml(
            KMLReading.document(
                """
                <Folder><name>Paris</name>
                \(placemark("<name>Tower</name><ExtendedData><Data name=\"tags\"><value>iron; views</value></Data></ExtendedData>"))
                \(placemark("<name>Bare</name><ExtendedData><Data name=\"Tags\"><value></value></Data></ExtendedData>"))
                \(placemark("<name>Foldered</name>"))
                </Folder>
                """))
        #expect(document.places.map(\.draft.tags) == [["iron", "views"], [], ["Paris"]])
    }

    @Test func readsVisitedVisitDateAndID() throws {
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let data = """
            <ExtendedData><Data name="id"><value>\(id)</value></Data><Data name="visited"><value>TRUE</value></Data>\
            <Data name="visitedAt"><value>2026-06-01T10:00:00Z</value></Data></ExtendedData>
            """
        let document = try KMLReading.kml(
            KMLReading.document(placemark("<name>A</name>" + data) + placemark("<name>B</name>")))
        #expect(document.places[0].id == PlaceID(id))
        #expect(document.places[0].draft.isVisited)
        #expect(document.places[0].draft.visitedAt == Timestamp(rfc3339: "2026-06-01T10:00:00Z"))
        #expect(document.places[1].id == nil)
        #expect(!document.places[1].draft.isVisited)
    }

    @Test func readsGoogleEarlierNamespacesAndNoneAndPlacemarksAtTheRoot() throws {
        for namespace in ["http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.0", ""] {
            let root = namespace.isEmpty ? "<kml>" : "<kml xmlns=\"\(namespace)\">"
            let document = try KMLReading.kml(root + placemark("<name>Old</name>") + "</kml>")
            #expect(document.places.map(\.draft.name) == ["Old"], "\(namespace)")
            #expect(document.places.first?.draft.tags == [], "\(namespace)")
        }
    }

    @Test func readsADocumentInTheEncodingItDeclares() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><kml><Placemark><name>Caf".utf8)
        bytes.append(0xE9)
        bytes += Array("</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>".utf8)
        #expect(try KMLReading.kml(bytes).places.first?.draft.name == "Café")
    }

    @Test func cutsAFolderNameTooLongForATagAndLeavesBlankOnesOut() throws {
        let long = String(repeating: "x", count: 80)
        let document = try KMLReading.kml(
            KMLReading.document(
                "<Folder><name>\(long)</name><Folder><name> </name>\(placemark("<name>Deep</name>"))</Folder></Folder>"
            ))
        #expect(document.places.first?.draft.tags == [String(repeating: "x", count: TagRules.maximumLength)])
    }

    @Test func skipsPlacemarksWithoutCoordinatesAndSaysWhere() throws {
        let document = try KMLReading.kml(
            KMLReading.document(
                """
                <Placemark><name>No geometry</name></Placemark>
                <Placemark><name>Empty point</name><Point><coordinates> </coordinates></Point></Placemark>
                \(placemark("<name>Kept</name>"))
                """))
        #expect(document.places.map(\.draft.name) == ["Kept"])
        #expect(document.omissions.skipped[.withoutCoordinates]?.count == 2)
        #expect(document.omissions.skipped[.withoutCoordinates]?.locations == ["line 2", "line 3"])
    }

    @Test(arguments: [
        ("2.5,1.5", 2.5, 1.5), ("  +2.5,-1.5,0\n ", 2.5, -1.5), ("2.5 , 1.5 , 10", 2.5, 1.5), ("2.5, 1.5", 2.5, 1.5),
        ("2.5,1.5 3,4", 2.5, 1.5), ("2.5,1.5,0 3,4,0", 2.5, 1.5), ("1e1,.5", 10, 0.5),
        // Google Earth's and Google My Maps' own: a tuple with an altitude, on a line of its own, more than 15 digits.
        ("1.5,2.5,0", 1.5, 2.5),
        ("\n\t\t\t-122.0822035425683,37.42228990140251,0\n\t\t", -122.0822035425683, 37.42228990140251),
        ("\n  12.4964,41.9028,0\n  12.4922,41.8902,0\n", 12.4964, 41.9028), ("2.5\t,\n1.5", 2.5, 1.5),
        ("1.,+.5", 1, 0.5), ("1E+1,-2.5e-1,1e3", 10, -0.25), ("-0,0.000", 0, 0),
        ("2.29450000000000000000000000001,48.8584", 2.2945, 48.8584),
    ])
    func readsTheFirstTupleOfTheCoordinates(coordinates: String, longitude: Double, latitude: Double) throws {
        let document = try KMLReading.kml(KMLReading.document(placemark("<name>P</name>", coordinates: coordinates)))
        #expect(document.places.first?.draft.coordinate.longitude == longitude)
        #expect(document.places.first?.draft.coordinate.latitude == latitude)
    }

    @Test(arguments: [
        ("1,2,3,4", "kml.Placemark[1].Point.coordinates", "not '1,2,3,4' (line 3)"),
        ("1,,2", "kml.Placemark[1].Point.coordinates", "not '1,,2' (line 3)"),
        ("1,2,x", "kml.Placemark[1].Point.coordinates", "not '1,2,x' (line 3)"),
        ("abc,1", "kml.Placemark[1].Point.coordinates", "not 'abc,1' (line 3)"),
        ("1", "kml.Placemark[1].Point.coordinates", "not '1' (line 3)"),
        ("nan,1", "kml.Placemark[1].Point.coordinates", "in decimal degrees"),
        ("inf,1", "kml.Placemark[1].Point.coordinates", "not 'inf,1' (line 3)"),
        ("0x1p3,1", "kml.Placemark[1].Point.coordinates", "not '0x1p3,1' (line 3)"),
        // A second sign, which Double(_:) read after a first '+' was dropped, is refused as in every other format.
        ("++2,1", "kml.Placemark[1].Point.coordinates", "not '++2,1' (line 3)"),
        ("1,+-2", "kml.Placemark[1].Point.coordinates", "not '1,+-2' (line 3)"),
        ("1,2,", "kml.Placemark[1].Point.coordinates", "not '1,2,' (line 3)"),
        ("1,2\u{A0}", "kml.Placemark[1].Point.coordinates", "not '1,2\u{A0}' (line 3)"),
        ("1 ,2 ,", "kml.Placemark[1].Point.coordinates", "not '1 ,2 ,' (line 3)"),
        ("1e400,1", "kml.Placemark[1].Point.coordinates", "must be between -180 and 180 (line 3)"),
        ("10,95", "kml.Placemark[1].Point.coordinates", "must be between -90 and 90 (line 3)"),
    ])
    func refusesBadCoordinatesNamingThePlacemark(coordinates: String, field: String, reason: String) {
        let refusal = KMLReading.refusal {
            try KMLReading.kml(
                KMLReading.document(placemark("") + "\n" + placemark("<name>Bad</name>", coordinates: coordinates)))
        }
        #expect(refusal?.field == field)
        #expect(refusal?.reason.contains(reason) == true, "\(refusal?.reason ?? "accepted")")
    }

    @Test func refusesAVisitedFlagThatIsNeitherTrueNorFalse() {
        let refusal = KMLReading.refusal {
            try KMLReading.kml(
                KMLReading.document(
                    placemark("<ExtendedData><Data name=\"visited\"><value>maybe</value></Data></ExtendedData>")))
        }
        #expect(refusal?.field == "kml.Placemark[0].ExtendedData.visited")
        #expect(refusal?.reason == "must be true or false, not 'maybe' (line 2)")
    }

    @Test func refusesADocumentTypeDeclaration() {
        let refusal = KMLReading.refusal {
            try KMLReading.kml(
                """
                <?xml version="1.0"?>
                <!DOCTYPE kml [<!ENTITY name "Expanded">]>
                <kml><Placemark><name>&name;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
                """)
        }
        #expect(refusal?.field == "kml")
        #expect(refusal?.reason.hasPrefix("has a document type declaration (line 2)") == true)
    }

    @Test func refusesAnExternalEntityWithoutReadingIt() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("kml-entity-\(UUID()).txt")
        try "SECRET-CONTENTS".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let refusal = KMLReading.refusal {
            try KMLReading.kml(
                """
                <?xml version="1.0"?>
                <!DOCTYPE kml [<!ENTITY secret SYSTEM "\(secret.absoluteString)">]>
                <kml><Placemark><name>&secret;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
                """)
        }
        #expect(refusal?.field == "kml")
        #expect(refusal?.reason.contains("document type declaration") == true)
        #expect(refusal?.reason.contains("SECRET") == false)
    }

    @Test func refusesTenThousandNestedElementsCleanly() {
        let depth = 10_000
        let document =
            "<kml><Document>" + String(repeating: "<Folder>", count: depth)
            + String(repeating: "</Folder>", count: depth)
            + "</Document></kml>"
        let refusal = KMLReading.refusal { try KMLReading.kml(document) }
        #expect(refusal?.field == "kml")
        #expect(refusal?.reason == "nests elements more than 64 deep (line 1)")
    }

    @Test func refusesBytesThatAreNotUTF8() {
        var bytes = Array("<kml><Placemark><name>Caf".utf8)
        bytes += [0xE9, 0xFF]
        bytes += Array("</name></Placemark></kml>".utf8)
        let refusal = KMLReading.refusal { try KMLReading.kml(bytes) }
        #expect(refusal?.field == "kml")
        #expect(refusal?.reason.hasPrefix("is not well-formed XML: not well-formed (invalid token) at line 1") == true)
    }

    @Test func refusesADocumentThatIsNotKML() {
        let refusal = KMLReading.refusal {
            try KMLReading.kml("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"></gpx>")
        }
        #expect(refusal?.field == "kml")
        #expect(
            refusal?.reason
                == "is not a KML document: its root element is '{http://www.topografix.com/GPX/1/1}gpx', not kml in "
                + "the KML 2.2 namespace")
    }

    @Test func refusesMorePlacesThanTheLimitAndCountsOnlyPoints() throws {
        let three = KMLReading.document(String(repeating: placemark("<name>P</name>"), count: 3))
        let refusal = KMLReading.refusal { try KMLReading.kml(three, maximumPlaces: 2) }
        #expect(refusal?.field == "code \(RPCErrorCode.limitReached)")
        #expect(refusal?.reason.contains("more than 2 placemarks with a point") == true)
        let lines = KMLReading.document(
            String(
                repeating: "<Placemark><LineString><coordinates>1,2 3,4</coordinates></LineString></Placemark>",
                count: 5) + placemark("<name>P</name>"))
        #expect(try KMLReading.kml(lines, maximumPlaces: 1).places.count == 1)
    }
}
