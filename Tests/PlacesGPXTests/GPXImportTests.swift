import PlacesGPX
import PlacesModel
import PlacesProtocol
import Testing

/// Reading GPX waypoints as places: what is kept, what is skipped, and every refusal.
@Suite struct GPXImportTests {
    static let gpx11 = #"<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"#

    func places(_ document: String, maximumPlaces: Int = 100) throws(RPCError) -> [PlaceDraft] {
        try GPXImport.places(from: document, maximumPlaces: maximumPlaces).map(\.draft)
    }

    /// The -32602 error's data for `document`.
    func refusal(_ document: String, maximumPlaces: Int = 100) -> (field: String, reason: String)? {
        do throws(RPCError) {
            _ = try GPXImport.places(from: document, maximumPlaces: maximumPlaces)
            return nil
        } catch {
            guard error.code == RPCErrorCode.invalidParams, let field = error.data?["field"]?.stringValue,
                let reason = error.data?["reason"]?.stringValue
            else { return ("code \(error.code)", error.message) }
            return (field, reason)
        }
    }

    @Test func readsWaypointsAsPlaces() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            \(Self.gpx11)
              <metadata><name>Not a place</name></metadata>
              <wpt lat="48.8584" lon="2.2945"><ele>35</ele><time>2026-11-29T16:03:55Z</time>
                <name>Eiffel Tower</name><desc>Iron &amp; lady&#13;
            second line</desc><sym>Flag</sym><type>visited</type>
                <extensions><x:name xmlns:x="urn:x">Other</x:name></extensions></wpt>
              <wpt lat="-33.9" lon="1e-05"><name>  東京タワー  </name></wpt>
            </gpx>
            """
        let read = try GPXImport.places(from: document, maximumPlaces: 10)
        #expect(read.map(\.id) == [nil, nil], "GPX carries no place id")
        #expect(
            read.map(\.draft) == [
                try PlaceDraft(
                    name: "Eiffel Tower", description: "Iron & lady\r\nsecond line", latitude: 48.8584,
                    longitude: 2.2945, isVisited: true),
                try PlaceDraft(name: "東京タワー", latitude: -33.9, longitude: 0.00001),
            ])
    }

    /// GPX 1.0 as devices write it: a comment stands in for a missing description, CDATA is text, a blank or
    /// missing name is the default, and an XML declaration naming another encoding changes nothing.
    @Test func readsGPX10FromDevices() throws {
        let document = """
            <?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">
            <wpt lat=" +47.5 " lon="8.25"><name><![CDATA[Café <1>]]></name><cmt>From the cmt</cmt></wpt>
            <wpt lat="1" lon="2"><name>  </name><desc>desc wins</desc><cmt>not this</cmt><type> Visited </type></wpt>
            <wpt lat="3" lon="4"/>
            </gpx>
            """
        #expect(
            try places(document) == [
                try PlaceDraft(name: "Café <1>", description: "From the cmt", latitude: 47.5, longitude: 8.25),
                try PlaceDraft(description: "desc wins", latitude: 1, longitude: 2, isVisited: true),
                try PlaceDraft(latitude: 3, longitude: 4),
            ])
    }

    /// Only `wpt` children of the root, and only their children in the root's namespace, make places.
    @Test func skipsWhatIsNotAWaypoint() throws {
        let document = """
            <gpx><rte><rtept lat="5" lon="5"><name>Route point</name></rtept></rte>
            <extensions><wpt lat="6" lon="6"/></extensions>
            <wpt lat="1" lon="2"><name>First</name><name>Second</name><other:desc xmlns:other="urn:o">No</other:desc>
            </wpt><x:wpt xmlns:x="urn:x" lat="7" lon="7"/></gpx>
            """
        #expect(try places(document) == [try PlaceDraft(name: "First", latitude: 1, longitude: 2)])
    }

    @Test(arguments: [
        (
            "\(gpx11)<wpt lon=\"2\"/></gpx>", "gpx.wpt[0].lat", "is required (line 1)"
        ),
        (
            "\(gpx11)\n<wpt lat=\"1\" lon=\"2\"/>\n<wpt lat=\"1\" lon=\"east\"/></gpx>", "gpx.wpt[1].lon",
            "must be a number, not 'east' (line 3)"
        ),
        ("\(gpx11)<wpt lat=\"0x10\" lon=\"2\"/></gpx>", "gpx.wpt[0].lat", "must be a number, not '0x10' (line 1)"),
        ("\(gpx11)<wpt lat=\"nan\" lon=\"2\"/></gpx>", "gpx.wpt[0].lat", "must be a number, not 'nan' (line 1)"),
        ("\(gpx11)<wpt lat=\"91\" lon=\"2\"/></gpx>", "gpx.wpt[0].lat", "must be between -90 and 90 (line 1)"),
        ("\(gpx11)<wpt lat=\"1\" lon=\"-181\"/></gpx>", "gpx.wpt[0].lon", "must be between -180 and 180 (line 1)"),
        (
            "\(gpx11)<wpt lat=\"1\" lon=\"2\"><name>\(String(repeating: "n", count: 201))</name></wpt></gpx>",
            "gpx.wpt[0].name", "must be at most 200 characters (line 1)"
        ),
        (
            "\(gpx11)<wpt lat=\"1\" lon=\"2\"><cmt>next line &#x85;</cmt></wpt></gpx>", "gpx.wpt[0].cmt",
            "must not contain control characters other than newline, carriage return and tab (line 1)"
        ),
        ("\(gpx11)</gpx>", "gpx", "has no waypoints (wpt) to import"),
        (
            "\(gpx11)<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk><trk/><rte/></gpx>", "gpx",
            "has no waypoints (wpt) to import, only 2 tracks (trk) and 1 route (rte), which places.import does not "
                + "read"
        ),
        (
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", "gpx",
            "is not a GPX document: its root element is '{http://www.opengis.net/kml/2.2}kml', not gpx in the GPX "
                + "1.0 or 1.1 namespace"
        ),
        (
            "<gpx xmlns=\"urn:not-gpx\"/>", "gpx",
            "is not a GPX document: its root element is '{urn:not-gpx}gpx', not gpx in the GPX 1.0 or 1.1 namespace"
        ),
        (
            "\(gpx11)\n<wpt lat=\"1\" lon=\"2\"></gpx>", "gpx",
            "is not well-formed XML: mismatched tag at line 2, column 24"
        ),
        ("", "gpx", "is not well-formed XML: no element found at line 1, column 1"),
        (
            "\(gpx11)<wpt lat=\"1\" lon=\"2\"><name>&nbsp;</name></wpt></gpx>", "gpx",
            "is not well-formed XML: undefined entity at line 1, column 104"
        ),
    ])
    func refusals(document: String, field: String, reason: String) {
        let refused = refusal(document)
        #expect(refused?.field == field && refused?.reason == reason, "\(String(describing: refused))")
    }

    /// No DTD is read, so no entity is declared, expanded or fetched: not internal ones, not external ones.
    @Test(arguments: [
        """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <gpx><wpt lat="1" lon="2"><name>&b;</name></wpt></gpx>
        """,
        """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <gpx><wpt lat="1" lon="2"><name>&secret;</name></wpt></gpx>
        """,
        """
        <?xml version="1.0"?>
        <!DOCTYPE gpx SYSTEM "http://example.invalid/gpx.dtd">
        <gpx><wpt lat="1" lon="2"/></gpx>
        """,
    ])
    func documentTypesAreRefused(document: String) {
        let refused = refusal(document)
        #expect(refused?.field == "gpx")
        #expect(
            refused?.reason.hasPrefix("has a document type declaration (line 2)") == true,
            "\(String(describing: refused))")
    }

    @Test func nestingIsBounded() {
        let deep = "<gpx>" + String(repeating: "<e>", count: 40) + String(repeating: "</e>", count: 40) + "</gpx>"
        #expect(refusal(deep)?.reason == "nests elements more than 32 deep (line 1)")
        let allowed = "<gpx>" + String(repeating: "<e>", count: 30) + String(repeating: "</e>", count: 30)
        #expect(refusal(allowed + "<wpt lat=\"1\" lon=\"2\"/></gpx>") == nil)
    }

    /// Past `maximumPlaces` waypoints the import is -32006, and reading stops there.
    @Test func tooManyWaypointsIsALimit() throws {
        let three = Self.gpx11 + String(repeating: "<wpt lat=\"1\" lon=\"2\"/>", count: 3)
        #expect(try places(three + "</gpx>", maximumPlaces: 3).count == 3)
        #expect(throws: RPCError.self) { try places(three + "</gpx>", maximumPlaces: 2) }
        do throws(RPCError) {
            // Unfinished after the third waypoint: reading never gets to the end.
            _ = try places(three + "<unfinished", maximumPlaces: 2)
            Issue.record("accepted")
        } catch {
            #expect(error.code == RPCErrorCode.limitReached)
            #expect(error.message.contains("more than 2 waypoints"), "\(error.message)")
        }
    }

    /// A document larger than one chunk handed to expat reads the same.
    @Test func readsLargeDocuments() throws {
        let waypoint = "<wpt lat=\"48.8584\" lon=\"2.2945\"><name>A name long enough to take room</name></wpt>\n"
        let count = 15_000
        let document = Self.gpx11 + String(repeating: waypoint, count: count) + "</gpx>"
        #expect(document.utf8.count > 1 << 20)
        let read = try places(document, maximumPlaces: count)
        #expect(read.count == count && read.allSatisfy { $0.name == "A name long enough to take room" })
    }
}
