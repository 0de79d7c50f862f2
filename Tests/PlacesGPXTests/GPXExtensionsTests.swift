import PlacesGPX
import PlacesModel
import PlacesProtocol
import Testing

/// placesd's own GPX extensions: tags and the visit date, in their namespace only.
@Suite struct GPXExtensionsTests {
    private func places(_ waypoints: String) throws(RPCError) -> [PlaceDraft] {
        let document = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:p="urn:placesd:gpx:1" \
            xmlns:other="urn:other">\(waypoints)</gpx>
            """
        return try GPXImport.places(from: document, maximumPlaces: 10).map(\.draft)
    }

    @Test func readsTagsAndTheVisitDate() throws {
        let drafts = try places(
            """
            <wpt lat="1" lon="2"><name>A</name><extensions><p:tag>Rome</p:tag><p:tag> to do </p:tag>\
            <p:visitedAt>2026-06-01T10:00:00Z</p:visitedAt><other:tag>ignored</other:tag></extensions></wpt>\
            <wpt lat="3" lon="4"><p:tag>outside extensions, as gpsbabel moves it</p:tag><extensions><tag>GPX namespace\
            </tag></extensions></wpt>
            """)
        #expect(drafts.map(\.tags) == [["Rome", "to do"], ["outside extensions, as gpsbabel moves it"]])
        #expect(drafts[0].isVisited && drafts[0].visitedAt == Timestamp(rfc3339: "2026-06-01T10:00:00Z"))
        #expect(!drafts[1].isVisited && drafts[1].visitedAt == nil)
    }

    @Test(arguments: [
        (
            "<extensions><p:tag></p:tag></extensions>", "gpx.wpt[0].extensions.tag[0]",
            "must not be empty (line 1)"
        ),
        (
            "<extensions><p:visitedAt>June</p:visitedAt></extensions>", "gpx.wpt[0].extensions.visitedAt",
            "must be an RFC 3339 timestamp or a date such as \"2026-06-01\" (line 1)"
        ),
    ])
    func refusesBadExtensions(extensions: String, field: String, reason: String) {
        do throws(RPCError) {
            _ = try places("<wpt lat=\"1\" lon=\"2\">\(extensions)</wpt>")
            Issue.record("accepted \(extensions)")
        } catch {
            #expect(error.data?["field"]?.stringValue == field, "\(error)")
            #expect(error.data?["reason"]?.stringValue == reason, "\(error)")
        }
    }
}
