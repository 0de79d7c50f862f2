import PlacesModel
import Testing

@Suite("Tag rules")
struct TagRulesTests {
    @Test(
        "Accepted tags are trimmed",
        arguments: [
            ("Rome", "Rome"),
            ("  museums \t", "museums"),
            ("東京", "東京"),
            ("a", "a"),
            (String(repeating: "x", count: 64), String(repeating: "x", count: 64)),
            (String(repeating: "🇮🇹", count: 64), String(repeating: "🇮🇹", count: 64)),
            ("to do", "to do"),
        ])
    func acceptedTags(raw: String, expected: String) throws {
        #expect(try TagRules.validTag(raw, field: "tags[0]") == expected)
    }

    @Test(
        "Refused tags say why",
        arguments: [
            ("", "must not be empty"),
            (" \n ", "must not be empty"),
            (String(repeating: "x", count: 65), "must be at most 64 characters"),
            ("tab\tinside", "must not contain control characters"),
            ("new\nline", "must not contain control characters"),
            ("unit\u{1F}separator", "must not contain control characters"),
            ("nul\u{0}", "must not contain control characters"),
        ])
    func refusedTags(raw: String, reason: String) {
        #expect(throws: ValidationError(field: "tags[0]", reason: reason)) {
            try TagRules.validTag(raw, field: "tags[0]")
        }
    }

    @Test(
        "Folding ignores case and accents",
        arguments: [
            ("Zürich", "zurich"),
            ("São Paulo", "sao paulo"),
            ("ÉCOLE", "ecole"),
            ("Straße", "strasse"),
            ("İstanbul", "istanbul"),
            ("ΟΔΟΣ", "οδοσ"),
            ("Ångström", "angstrom"),
            ("plain ascii 42", "plain ascii 42"),
        ])
    func folding(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
    }

    @Test func aSetKeepsTheFirstSpellingAndACanonicalOrder() throws {
        let tags = try TagRules.validTags(["rome", "Museums", "ROME", "musées", "Musees"], field: "tags")
        #expect(tags == ["musées", "Museums", "rome"])
    }

    @Test func aSetHoldsAtMost32Tags() throws {
        let many = (0..<33).map { "tag \($0)" }
        #expect(throws: ValidationError(field: "tags", reason: "must hold at most 32 tags, not 33")) {
            try TagRules.validTags(many, field: "tags")
        }
        // Spellings that fold alike count once.
        #expect(try TagRules.validTags(Array(many.prefix(32)) + ["TAG 0"], field: "tags").count == 32)
    }

    @Test func aBadTagIsNamedByItsIndex() {
        #expect(throws: ValidationError(field: "addTags[1]", reason: "must not be empty")) {
            try PlacePatch(addTags: ["ok", " "])
        }
    }

    @Test func addingAndRemovingApplyToTheTagsAsTheyAre() throws {
        let place = Place(
            id: PlaceID(high: 1, low: 2), owner: 1, name: "Colosseum", description: "",
            coordinate: Coordinate(latitude: 41.89, longitude: 12.49), isVisited: false, version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0),
            tags: ["Rome"])
        // Two clients' edits, made one after the other in the writer: neither loses the other's tag.
        let first = try PlacePatch(addTags: ["ancient"]).applied(to: place, at: Timestamp(millisecondsSinceEpoch: 1))
        let second = try PlacePatch(addTags: ["Monuments"]).applied(to: first, at: Timestamp(millisecondsSinceEpoch: 2))
        #expect(second.tags == ["ancient", "Monuments", "Rome"])
        let removed = try PlacePatch(removeTags: ["ROME", "nowhere"]).applied(
            to: second, at: Timestamp(millisecondsSinceEpoch: 3))
        #expect(removed.tags == ["ancient", "Monuments"])
        // Adding a tag it has, in another spelling, changes nothing.
        #expect(try PlacePatch(addTags: ["rome"]).changesNothing(in: place))
        #expect(throws: ValidationError(field: "tags", reason: "must not be given with addTags or removeTags")) {
            try PlacePatch(tags: [], addTags: ["x"])
        }
    }

    @Test func visitingSetsTheDateAndUnvisitingClearsIt() throws {
        let place = Place(
            id: PlaceID(high: 1, low: 2), owner: 1, name: "Pantheon", description: "",
            coordinate: Coordinate(latitude: 41.9, longitude: 12.48), isVisited: false, version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0))
        let now = Timestamp(millisecondsSinceEpoch: 5_000)
        let visited = try PlacePatch(isVisited: true).applied(to: place, at: now)
        #expect(visited.visitedAt == now)
        // Visiting again keeps the first date; a date given replaces it and implies visited.
        #expect(
            try PlacePatch(isVisited: true).applied(to: visited, at: Timestamp(millisecondsSinceEpoch: 9)).visitedAt
                == now)
        let dated = try PlacePatch(visitedAt: Timestamp(millisecondsSinceEpoch: 1_000)).applied(to: place, at: now)
        #expect(dated.isVisited && dated.visitedAt == Timestamp(millisecondsSinceEpoch: 1_000))
        #expect(try PlacePatch(isVisited: false).applied(to: dated, at: now).visitedAt == nil)
        #expect(throws: ValidationError(field: "visitedAt", reason: "must not be given with visited false")) {
            try PlacePatch(isVisited: false, visitedAt: now)
        }
        #expect(throws: ValidationError(field: "visitedAt", reason: "must not be in the future")) {
            try PlaceRules.checkVisitDate(Timestamp(millisecondsSinceEpoch: 100_000), now: now)
        }
    }

    @Test(
        "RFC 3339 timestamps and dates are read",
        arguments: [
            ("2026-06-01", Int64(1_780_272_000_000)),
            ("2026-06-01T00:00:00Z", 1_780_272_000_000),
            ("2026-06-01T02:00:00.250+02:00", 1_780_272_000_250),
            ("2024-02-29T23:59:59.999999z", 1_709_251_199_999),
            ("1969-12-31T23:59:59Z", -1000),
        ])
    func timestamps(text: String, milliseconds: Int64) {
        #expect(Timestamp(rfc3339: text)?.millisecondsSinceEpoch == milliseconds)
    }

    @Test(
        "Text that is not RFC 3339 is refused",
        arguments: [
            "", "yesterday", "2026-6-1", "2026-02-30", "2025-02-29", "2026-06-01T25:00:00Z", "2026-06-01T10:00",
            "2026-06-01T10:00:00", "2026-06-01T10:00:00.Z", "2026-06-01T10:00:00+0200", "2026-06-01 extra",
        ])
    func refusedTimestamps(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }
}
