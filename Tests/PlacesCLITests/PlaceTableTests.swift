import Testing

@testable import PlacesCLI

@Suite struct PlaceTableTests {
    /// Two places, one with a two-line description.
    let places = [
        Fixtures.place(id: Fixtures.eiffelID, name: "Eiffel Tower", description: "Iron lady"),
        Fixtures.place(
            id: Fixtures.bridgeID, name: "Golden Gate", description: "Foggy\nsecond line", latitude: 37.8199,
            longitude: -122.4783, visited: true),
    ]

    @Test func alignsColumnsAtEightyColumns() {
        let table = PlaceTable.render(places, width: 80)
        #expect(
            table == """
                ID        NAME          LAT      LON        VISITED  DESCRIPTION
                0f8fad5b  Eiffel Tower  48.8584  2.2945     no       Iron lady
                7c9e6679  Golden Gate   37.8199  -122.4783  yes      Foggy…

                """)
    }

    @Test func cutsTheDescriptionToTheWidth() {
        let long = Fixtures.place(
            id: Fixtures.eiffelID, name: "Eiffel Tower", description: String(repeating: "abcdefghij", count: 10))
        let table = PlaceTable.render([long], width: 70)
        let lines = table.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].count == 70)
        #expect(lines[1] == "0f8fad5b  Eiffel Tower  48.8584  2.2945  no       abcdefghijabcdefghi…")
    }

    @Test func cutsLongNamesBeforeTheDescriptionDisappears() {
        let long = Fixtures.place(
            id: Fixtures.eiffelID, name: String(repeating: "N", count: 70), description: "Short words")
        let lines = PlaceTable.render([long], width: 80).split(separator: "\n")
        for line in lines {
            #expect(line.count <= 80, "\(line)")
        }
        #expect(lines[1].contains("NNN…  48.8584"))
        #expect(lines[1].hasSuffix("Short words"))
    }

    @Test func keepsAMinimumDescriptionColumnOnNarrowTerminals() {
        let table = PlaceTable.render(places, width: 30)
        let lines = table.split(separator: "\n")
        #expect(lines[0].hasSuffix("DESCRIPTION"))
        #expect(lines[1].hasSuffix("Iron lady"))
    }

    /// The terminal cell at which `needle` starts in `line`.
    static func cell(of needle: String, in line: Substring) -> Int? {
        line.firstRange(of: needle).map { TextLayout.cells(line[..<$0.lowerBound]) }
    }

    /// Wide characters take two cells, combining marks and joiners none: every later column stays put.
    @Test func alignsByTerminalCells() throws {
        let wide = [
            Fixtures.place(id: Fixtures.eiffelID, name: "東京タワー", description: "展望台", latitude: 35.6586),
            Fixtures.place(id: Fixtures.bridgeID, name: "Cafe\u{301} 🗼", description: "Tour", latitude: 1),
            Fixtures.place(id: "0f8fad5c-1111-4222-8333-444455556666", name: "Dev 👩\u{200D}💻", latitude: 2),
            Fixtures.place(id: "7c9e6679-7425-40de-944b-e07fc1f90ae8", name: "Plain", latitude: 3),
        ]
        let lines = PlaceTable.render(wide, width: 80).split(separator: "\n")
        #expect(lines[1] == "0f8fad5b  東京タワー  35.6586  2.2945  no       展望台")
        #expect(lines[2] == "7c9e6679  Cafe\u{301} 🗼     1        2.2945  no       Tour")
        #expect(lines[3] == "0f8fad5c  Dev 👩\u{200D}💻    2        2.2945  no")
        let lat = try #require(Self.cell(of: "LAT", in: lines[0]))
        let visited = try #require(Self.cell(of: "VISITED", in: lines[0]))
        for (line, latitude) in zip(lines.dropFirst(), ["35.6586", "1 ", "2 ", "3 "]) {
            #expect(Self.cell(of: "  " + latitude, in: line).map { $0 + 2 } == lat, "\(line)")
            #expect(Self.cell(of: "no", in: line) == visited, "\(line)")
        }
    }

    /// A wide name is cut between characters to fit its column; one that would cross the edge is left out whole.
    @Test func cutsWideNamesByCells() throws {
        let long = Fixtures.place(
            id: Fixtures.eiffelID, name: String(repeating: "東", count: 40), description: "Short words")
        let lines = PlaceTable.render([long], width: 81).split(separator: "\n")
        for line in lines {
            #expect(TextLayout.cells(line) <= 81, "\(line)")
        }
        #expect(lines[1].contains(String(repeating: "東", count: 15) + "…   48.8584"), "\(lines[1])")
        #expect(Self.cell(of: "48.8584", in: lines[1]) == Self.cell(of: "LAT", in: lines[0]))
        #expect(lines[1].hasSuffix("Short words"))
    }

    @Test func padsUnicodeByCells() {
        let cafe = Fixtures.place(id: Fixtures.eiffelID, name: "Café 🇫🇷", latitude: 1, longitude: 2)
        let lines = PlaceTable.render([cafe], width: 80).split(separator: "\n")
        // A flag is two regional indicators of one cell each: two cells, as terminals draw it.
        #expect(lines[0] == "ID        NAME     LAT  LON  VISITED  DESCRIPTION")
        #expect(lines[1] == "0f8fad5b  Café 🇫🇷  1    2    no")
    }

    @Test func listShowsAFriendlyLineWhenEmpty() {
        #expect(
            ListCommand.render([], total: 0, offset: 0, isFiltered: false, width: 80) == ListCommand.emptyMessage + "\n"
        )
        #expect(ListCommand.render([], total: 0, offset: 0, isFiltered: true, width: 80) == "No places match.\n")
        #expect(
            ListCommand.render([], total: 3, offset: 10, isFiltered: false, width: 80)
                == "No places at offset 10; 3 match.\n")
    }

    @Test func listAddsAFooterWhenPaged() {
        let text = ListCommand.render(places, total: 12, offset: 4, isFiltered: false, width: 80)
        #expect(text.hasSuffix("\nShowing 5-6 of 12 places.\n"))
        let whole = ListCommand.render(places, total: 2, offset: 0, isFiltered: false, width: 80)
        #expect(!whole.contains("Showing"))
    }

    @Test(arguments: [
        ("short", 10, "short"), ("exactly10!", 10, "exactly10!"), ("eleven char", 10, "eleven ch…"), ("abc", 1, "…"),
        ("abc", 0, ""),
    ])
    func truncation(text: String, width: Int, expected: String) {
        #expect(TextLayout.truncated(text, to: width) == expected)
    }

    @Test(arguments: [
        ("東京タワー", 10, "東京タワー"), ("東京タワー", 9, "東京タワ…"), ("東京タワー", 8, "東京タ…"),
        ("Cafe\u{301}s", 4, "Caf…"), ("Cafe\u{301}s", 5, "Cafe\u{301}s"), ("👩\u{200D}💻x", 4, "…"),
        ("👩\u{200D}💻xy", 5, "👩\u{200D}💻…"),
    ])
    func truncationByCells(text: String, width: Int, expected: String) {
        let cut = TextLayout.truncated(text, to: width)
        #expect(cut == expected)
        #expect(TextLayout.cells(cut) <= width)
    }

    @Test(arguments: [
        ("one line", "one line"), ("first\nsecond", "first…"), ("first\r\nsecond", "first…"),
        ("trailing\n", "trailing"),
        ("tab\there", "tab here"), ("", ""),
    ])
    func firstLine(text: String, expected: String) {
        #expect(TextLayout.firstLine(text) == expected)
    }
}
