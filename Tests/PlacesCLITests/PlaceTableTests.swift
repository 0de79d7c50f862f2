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

    @Test func padsUnicodeByCharacters() {
        let cafe = Fixtures.place(id: Fixtures.eiffelID, name: "Café 🇫🇷", latitude: 1, longitude: 2)
        let lines = PlaceTable.render([cafe], width: 80).split(separator: "\n")
        #expect(lines[0] == "ID        NAME    LAT  LON  VISITED  DESCRIPTION")
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
        ("one line", "one line"), ("first\nsecond", "first…"), ("first\r\nsecond", "first…"),
        ("trailing\n", "trailing"),
        ("tab\there", "tab here"), ("", ""),
    ])
    func firstLine(text: String, expected: String) {
        #expect(TextLayout.firstLine(text) == expected)
    }
}
