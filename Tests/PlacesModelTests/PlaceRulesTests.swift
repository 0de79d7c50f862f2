import PlacesModel
import Testing

@Suite("Place rules")
struct PlaceRulesTests {
    @Test(
        "Accepted names are trimmed",
        arguments: [
            ("Eiffel Tower", "Eiffel Tower"),
            ("  Eiffel Tower \n", "Eiffel Tower"),
            ("\u{3000}東京タワー\t", "東京タワー"),
            ("a", "a"),
            (String(repeating: "x", count: 200), String(repeating: "x", count: 200)),
            (String(repeating: "🇫🇷", count: 200), String(repeating: "🇫🇷", count: 200)),
            ("Café  de  Flore", "Café  de  Flore"),
        ])
    func acceptedNames(raw: String, expected: String) throws {
        #expect(try PlaceRules.validName(raw) == expected)
    }

    @Test(
        "Refused names say why",
        arguments: [
            ("", "must not be empty"),
            ("   \n\t ", "must not be empty"),
            (String(repeating: "x", count: 201), "must be at most 200 characters"),
            ("bell\u{07}", "must not contain control characters"),
            ("line\nbreak", "must not contain control characters"),
            ("nul\u{0}", "must not contain control characters"),
            ("del\u{7F}", "must not contain control characters"),
        ])
    func refusedNames(raw: String, reason: String) {
        #expect(throws: ValidationError(field: "name", reason: reason)) { try PlaceRules.validName(raw) }
    }

    @Test(
        "Descriptions allow newline, carriage return and tab",
        arguments: ["", "Iron lady", "two\nlines\r\nand\ttab", String(repeating: "é", count: 10_000)])
    func acceptedDescriptions(text: String) throws {
        #expect(try PlaceRules.validDescription(text) == text)
    }

    @Test("Refused descriptions", arguments: [String(repeating: "a", count: 10_001), "escape\u{1B}[0m", "nul\u{0}"])
    func refusedDescriptions(text: String) {
        #expect(throws: ValidationError.self) { try PlaceRules.validDescription(text) }
    }

    @Test(
        "Latitudes",
        arguments: [
            (-90.0, true), (90.0, true), (0.0, true), (48.8584, true), (90.0000001, false),
            (-91.0, false), (Double.nan, false), (Double.infinity, false), (-Double.infinity, false),
        ])
    func latitudes(value: Double, isValid: Bool) {
        #expect(((try? PlaceRules.validLatitude(value)) != nil) == isValid)
    }

    @Test(
        "Longitudes",
        arguments: [
            (-180.0, true), (180.0, true), (2.2945, true), (180.5, false), (-181.0, false),
            (Double.nan, false),
        ])
    func longitudes(value: Double, isValid: Bool) {
        #expect(((try? PlaceRules.validLongitude(value)) != nil) == isValid)
    }

    @Test("Negative zero becomes zero")
    func negativeZero() throws {
        #expect(try PlaceRules.validLatitude(-0.0).sign == .plus)
        #expect(try PlaceRules.validLongitude(-0.0).sign == .plus)
    }

    @Test("A draft applies defaults and names the failing field")
    func draft() throws {
        let draft = try PlaceDraft(latitude: 1, longitude: 2)
        #expect(draft.name == "New location")
        #expect(draft.description == "")
        #expect(draft.isVisited == false)
        #expect(throws: ValidationError(field: "longitude", reason: "must be between -180 and 180")) {
            try PlaceDraft(name: "x", latitude: 1, longitude: 200)
        }
    }

    @Test("A patch needs at least one field")
    func emptyPatch() {
        #expect(throws: ValidationError.self) { try PlacePatch() }
    }

    @Test("A patch replaces only the fields it sets and stamps the time only on a real change")
    func patchApplication() throws {
        let place = Place(
            id: .random(), owner: 1000, name: "Old", description: "d",
            coordinate: Coordinate(latitude: 1, longitude: 2), isVisited: false, version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0))
        let later = Timestamp(millisecondsSinceEpoch: 5)
        let renamed = try PlacePatch(name: " New ").applied(to: place, at: later)
        #expect(renamed.name == "New")
        #expect(renamed.description == "d")
        #expect(renamed.updatedAt == later)
        let same = try PlacePatch(name: "Old", isVisited: false)
        #expect(same.changesNothing(in: place))
        #expect(same.applied(to: place, at: later).updatedAt == place.updatedAt)
    }
}
