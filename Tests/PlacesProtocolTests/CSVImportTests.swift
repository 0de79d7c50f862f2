import PlacesModel
import PlacesProtocol
import Testing

/// Reading CSV: the columns by name, RFC 4180's quoting, line ends, and what is reported.
@Suite struct CSVImportTests {
    @Test func readsColumnsByNameInAnyCase() throws {
        let document = try csvDocument(
            """
            \u{FEFF}ID, Title ,LAT,Lng,Note,Visited,visitedat,Tags,colour,createdAt
            5d0e8a4c-3b0e-4d2c-9d7e-2a1f6b3c4d5e,Louvre,48.8606,2.3376,Mona Lisa,yes,2026-06-01,museums; Paris ;,red,\
            2026-01-01T00:00:00Z
            ,,-33.8567844,151.2152967,,0,,,,

            """)
        #expect(document.places.count == 2)
        let louvre = document.places[0]
        #expect(louvre.id == PlaceID("5d0e8a4c-3b0e-4d2c-9d7e-2a1f6b3c4d5e"))
        #expect(louvre.draft.name == "Louvre")
        #expect(louvre.draft.coordinate == Coordinate(latitude: 48.8606, longitude: 2.3376))
        #expect(louvre.draft.description == "Mona Lisa")
        #expect(louvre.draft.isVisited && louvre.draft.visitedAt == Timestamp(rfc3339: "2026-06-01"))
        #expect(louvre.draft.tags == ["museums", "Paris"])
        let second = document.places[1].draft
        #expect(second.name == PlaceRules.defaultName && !second.isVisited && second.tags.isEmpty)
        #expect(document.places[1].id == nil)
        #expect(document.omissions.droppedFields == ["colour"])
        #expect(document.omissions.skipped.isEmpty)
    }

    @Test func quotedLineEndsCountTowardsTheLinesOfLaterRows() {
        let failure = csvFailure(
            bytes("name,lat,lon,description\r\n\"Fish, \"\"Chips\"\"\",1,2,\"one\r\ntwo\nthree\"\r\nBad,5,x,\n"))
        #expect(failure == ValidationError(field: "csv.line[5].lon", reason: "must be a number, not 'x'"))
    }

    @Test func keepsQuotedTextExactly() throws {
        let document = try csvDocument(
            "name,lat,lon,description\r\n\"Fish, \"\"Chips\"\"\",1,2,\"one\r\ntwo\nthree, \"\"four\"\"\"\r\n")
        #expect(document.places.map(\.draft.name) == ["Fish, \"Chips\""])
        #expect(document.places.map(\.draft.description) == ["one\r\ntwo\nthree, \"four\""])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func readsAnyLineEnd(lineEnd: String) throws {
        let text = ["name,lat,lon", "A,1,2", "B,3,4", "C,5,6"].joined(separator: lineEnd)
        #expect(try csvDocument(text).places.map(\.draft.name) == ["A", "B", "C"])
        #expect(try csvDocument(text + lineEnd).places.count == 3)
    }

    @Test func readsMixedLineEndsAndNamesLinesRight() throws {
        let text = "name,lat,lon\r\nA,1,2\nB,3,4\rC,5,6\r\n\n"
        #expect(try csvDocument(text).places.map(\.draft.name) == ["A", "B", "C"])
        #expect(
            csvFailure(bytes(text + "E,95,7\n"))
                == ValidationError(field: "csv.line[6].lat", reason: "must be between -90 and 90"))
    }

    @Test func joinsEveryDescriptionColumnThenTheURL() throws {
        let document = try csvDocument(
            "description,name,notes,lat,lon,comment,url\nfirst,A,,1,2,third,https://example.org/a\n")
        #expect(document.places[0].draft.description == "first\nthird\nhttps://example.org/a")
    }

    @Test(arguments: [
        ("name,lat,lon\nA,1\n", "csv.line[2]", "has 2 fields where the header row has 3"),
        ("name,lat,lon\nA,1,2\nB,3,4,5\n", "csv.line[3]", "has 4 fields where the header row has 3"),
        ("name,lat,lon\nA,north,2\n", "csv.line[2].lat", "must be a number, not 'north'"),
        ("name,lat,lon\nA,\"48,85\",2\n", "csv.line[2].lat", "must be a number, not '48,85'"),
        ("name,lat,lon\nA,,2\n", "csv.line[2].lat", "is empty while the longitude is given"),
        (
            "name,lat,lon,visited\nA,1,2,maybe\n", "csv.line[2].visited",
            "must be true or false (or yes, no, 1, 0), not 'maybe'"
        ),
        (
            "name,lat,lon,visitedAt\nA,1,2,June\n", "csv.line[2].visitedAt",
            "must be an RFC 3339 timestamp or a date such as \"2026-06-01\", not 'June'"
        ),
        (
            "name,lat,lon,visited,visitedAt\nA,1,2,no,2026-01-01\n", "csv.line[2].visitedAt",
            "must not be given with visited false"
        ),
        ("name,lat,lon,tags\nA,1,2,ok;\u{1}\n", "csv.line[2].tags[1]", "must not contain control characters"),
        (
            "name,lat,lon\n\"A,1,2\n", "csv.line[2]",
            "has a quoted field, opened on line 2, that is never closed (field 1)"
        ),
        (
            "name,lat,lon\n\"A\"x,1,2\n", "csv.line[2]",
            "has text after the closing quote of a field (a quote inside a quoted field is written twice: \"\") "
                + "(field 1)"
        ),
        ("", "csv", "is empty: a header row naming the columns is required"),
        ("name,lat,lon\n", "csv", "has a header row but no rows of places under it"),
        ("name,lat,lon\n,,\n", "csv", "has a header row but no rows of places under it"),
        (
            "name,lat\nA,1\n", "csv.line[1]",
            "has a latitude column but no longitude column (longitude, lon, lng or long)"
        ),
        (
            "name;lat;lon\nA;1;2\n", "csv.line[1]",
            "has a header row with one column, 'name;lat;lon': placesd reads values separated by commas, and these "
                + "seem to be separated by semicolons"
        ),
        (
            "A,1,2\nB,3,4\n", "csv.line[1]",
            "has a header row ('A', '1', '2') that names no latitude and longitude columns (latitude or lat, "
                + "longitude, lon, lng or long) nor a Google Maps URL column"
        ),
    ])
    func refuses(text: String, field: String, reason: String) {
        #expect(csvFailure(bytes(text)) == ValidationError(field: field, reason: reason))
    }

    @Test func acceptsATrailingCommaButNotTextPastTheHeader() throws {
        #expect(try csvDocument("name,lat,lon\nA,1,2,\n").places.count == 1)
    }

    @Test func refusesTextThatIsNotUTF8NamingTheLineAndColumn() {
        var text = bytes("name,lat,lon\nA,1,2\n")
        text += [0x43, 0x61, 0x66, 0xE9] + bytes(",3,4\n")  // "Café" in Latin-1
        #expect(
            csvFailure(text)
                == ValidationError(
                    field: "csv.line[3].name",
                    reason: "is not valid UTF-8 (CSV is read as UTF-8: convert the file first, e.g. iconv -f "
                        + "WINDOWS-1252 -t UTF-8)"))
    }

    @Test func holdsAMegabyteFieldToThePlaceLimitsOrReadsPastIt() throws {
        let megabyte = String(repeating: "x", count: 1 << 20)
        #expect(
            csvFailure(bytes("name,lat,lon,description\nA,1,2,\"\(megabyte)\"\n"))
                == ValidationError(field: "csv.line[2].description", reason: "must be at most 10000 characters"))
        let document = try csvDocument("name,lat,lon,photo\nA,1,2,\(megabyte)\n")
        #expect(document.places.map(\.draft.name) == ["A"])
        #expect(document.omissions.droppedFields == ["photo"])
    }

    @Test func refusesMoreThanTheLimitAsALimit() {
        do throws(RPCError) {
            _ = try csvDocument("name,lat,lon\nA,1,2\nB,3,4\nC,5,6\n", maximumPlaces: 2)
            Issue.record("read more places than allowed")
        } catch {
            #expect(error.code == RPCErrorCode.limitReached)
        }
    }

    @Test func readsAGoogleTakeoutSavedList() throws {
        let document = try csvDocument(try fixture("takeout-saved-list.csv"))
        #expect(document.places.map(\.draft.name) == ["Eiffel Tower", "Dropped pin", "Map view only"])
        #expect(
            document.places.map(\.draft.coordinate) == [
                Coordinate(latitude: 48.8583701, longitude: 2.2944813),
                Coordinate(latitude: 35.6812362, longitude: 139.7671248),
                Coordinate(latitude: 41.9027835, longitude: 12.4963655),
            ])
        #expect(document.places[0].draft.description.hasPrefix("Go at night\nBooked\nhttps://www.google.com/maps/"))
        #expect(document.places[2].draft.description.hasPrefix("Two lines,\r\nwith a comma\nhttps://"))
        #expect(document.omissions.skipped[.withoutCoordinates]?.locations == ["line 5", "line 8"])
        #expect(document.omissions.droppedFields.isEmpty)
    }
}
