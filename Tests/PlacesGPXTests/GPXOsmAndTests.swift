import Foundation
import PlacesGPX
import PlacesModel
import PlacesProtocol
import Testing

/// OsmAnd's favourites: the group in `type`, its address and visit date in extensions, and an export OsmAnd
/// reads back in groups.
@Suite struct GPXOsmAndTests {
    private func fixture(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func readsOsmAndFavourites() throws {
        let read = try GPXImport.document(from: try fixture("osmand-favourites.gpx"), maximumPlaces: 10)
        let drafts = read.places.map(\.draft)
        #expect(drafts.map(\.name) == ["Colosseum", "Pantheon", "Eiffel Tower"])
        #expect(drafts.map(\.tags) == [["Rome"], ["Rome"], []])
        #expect(drafts[0].description == "Arrive early\nPiazza del Colosseo, 1, 00184 Roma RM, Italy")
        #expect(drafts[0].isVisited && drafts[0].visitedAt == Timestamp(rfc3339: "2024-04-12T14:30:00Z"))
        #expect(drafts.map(\.isVisited) == [true, false, false])
        #expect(
            read.omissions.droppedFields == [
                "ele", "osmand:icon", "osmand:background", "osmand:color", "osmand:amenity_subtype",
                "osmand:amenity_type",
            ])
        #expect(read.omissions.skipped.isEmpty)
    }

    @Test func theOldVisitedTypeStillMeansVisitedAndIsNoGroup() throws {
        let read = try GPXImport.document(
            from: """
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:p="urn:placesd:gpx:1">\
                <wpt lat="1" lon="2"><type>visited</type><extensions><p:tag>old</p:tag></extensions></wpt>\
                <wpt lat="1" lon="2"><type>Rome</type><extensions><p:tag>rome</p:tag></extensions></wpt>\
                <wpt lat="1" lon="2"><extensions><p:visited>true</p:visited></extensions></wpt>\
                <trk><trkseg/></trk></gpx>
                """, maximumPlaces: 10)
        // The group and a tag that fold alike are one tag, spelled as the tag is.
        #expect(read.places.map(\.draft.tags) == [["old"], ["rome"], []])
        #expect(read.places.map(\.draft.isVisited) == [true, false, true])
        #expect(read.omissions.skipped[.geometry("trk")]?.locations == ["line 1"])
    }

    @Test func refusesAGroupThatCannotBeATag() {
        let long = String(repeating: "g", count: 65)
        do throws(RPCError) {
            _ = try GPXImport.document(
                from: #"<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><type>"# + long
                    + "</type></wpt></gpx>", maximumPlaces: 10)
            Issue.record("accepted a 65-character group")
        } catch {
            #expect(error.data?["field"]?.stringValue == "gpx.wpt[0].type")
        }
    }

    @Test func exportWritesGroupsAndVisitDatesWhereOsmAndKeepsThemAndReadsBack() throws {
        let time = Timestamp(millisecondsSinceEpoch: 1_780_000_000_000)
        let drafts = [
            try PlaceDraft(
                name: "Colosseum", description: "Arrive early", latitude: 41.8902102, longitude: 12.4922309,
                visitedAt: Timestamp(rfc3339: "2024-04-12T14:30:00Z"), tags: ["Rome", "Ancient"]),
            try PlaceDraft(name: "Pantheon", latitude: 41.8986108, longitude: 12.4768729, tags: ["Rome"]),
            try PlaceDraft(name: "Plain", latitude: -1, longitude: -2),
        ]
        var places = drafts.map {
            Place(id: .random(), owner: 1, draft: $0, version: 1, createdAt: time, updatedAt: time)
        }
        // A place visited before placesd kept the date.
        places[2].isVisited = true
        let gpx = String(decoding: ExportEncoding.gpx(places), as: UTF8.self)
        #expect(gpx.contains("<type>Ancient</type><extensions><osmand:visited_date>2024-04-12T14:30:00.000Z"))
        #expect(gpx.contains("<name>Pantheon</name><type>Rome</type>"))
        #expect(gpx.contains("<placesd:visited>true</placesd:visited>"))
        let read = try GPXImport.document(from: gpx, maximumPlaces: 10)
        #expect(read.places.map(\.draft.name) == drafts.map(\.name))
        #expect(read.places.map(\.draft.tags) == drafts.map(\.tags))
        #expect(read.places.map(\.draft.description) == drafts.map(\.description))
        #expect(read.places.map(\.draft.isVisited) == [true, false, true])
        #expect(read.places.map(\.draft.visitedAt) == [drafts[0].visitedAt, nil, nil])
        #expect(read.omissions.isEmpty)
    }
}
