import PlacesModel
import Testing

@testable import PlacesState

/// Folded text search and the folding it rests on: case and accents ignored, ASCII folded where it is stored.
@Suite struct FoldingTests {
    /// Text and its folded form.
    @Test(arguments: [
        ("Zürich", "zurich"), ("São Paulo", "sao paulo"), ("ÉCOLE", "ecole"), ("Straße", "strasse"),
        ("Crème Brûlée", "creme brulee"), ("MiXeD ascii 123", "mixed ascii 123"), ("", ""),
        ("Z\u{0075}\u{0308}rich", "zurich"), ("Ångström", "angstrom"),
    ])
    func foldsCaseAndAccents(text: String, folded: String) {
        #expect(TextFolding.folded(text) == Array(folded.utf8))
    }

    /// Search and the name order fold as tags are compared, so a text search and a tag filter agree.
    @Test(arguments: ["Zürich", "São Paulo", "Straße", "ΣΊΣΥΦΟΣ", "Ångström", "東京タワー", "MiXeD", "œuvre"])
    func foldsAsTagsAre(text: String) {
        #expect(TextFolding.folded(text) == Array(PlacesModel.TextFolding.fold(text).utf8))
    }

    /// A query, a place's name and description, and whether the place matches.
    @Test(arguments: [
        ("zurich", "Zürich", "", true), ("ZÜRICH", "zurich", "", true), ("sao paulo", "São Paulo", "", true),
        ("paulo", "São Paulo", "", true), ("rich", "Zürich", "", true), ("lake", "Zürich", "by the Lake", true),
        ("lakes", "Zürich", "by the Lake", false), ("zurich", "Zug", "", false), ("é", "Café", "", true),
        ("ss", "Straße", "", true), ("x", "", "", false), ("place 1", "Place 12", "", true),
        ("place 12", "Place 1", "", false), ("tickets", "Opera", "buy TICKETS early", true),
    ])
    func matchesFoldedSubstrings(query: String, name: String, description: String, matches: Bool) throws {
        let place = Place(
            id: PlaceID.random(), owner: 1, name: name, description: description,
            coordinate: Coordinate(latitude: 0, longitude: 0), isVisited: false, version: 1,
            createdAt: Timestamp(millisecondsSinceEpoch: 0), updatedAt: Timestamp(millisecondsSinceEpoch: 0))
        let search = try #require(TextQuery(query))
        #expect(search.matches(StoredPlace(place)) == matches)
    }

    /// An empty query is no filter at all.
    @Test func emptyQueryIsNoFilter() {
        #expect(TextQuery("") == nil)
    }

    /// Only a place whose text is not ASCII keeps a folded copy.
    @Test func keepsFoldedCopiesOnlyOfOtherText() {
        let ascii = StoredPlace(place(named: "Louvre"))
        let other = StoredPlace(place(named: "Zürich"))
        #expect(ascii.folding.name == nil)
        #expect(other.folding.name == Array("zurich".utf8))
    }

    private func place(named name: String) -> Place {
        Place(
            id: PlaceID.random(), owner: 1, name: name, description: "",
            coordinate: Coordinate(latitude: 0, longitude: 0),
            isVisited: false, version: 1, createdAt: Timestamp(millisecondsSinceEpoch: 0),
            updatedAt: Timestamp(millisecondsSinceEpoch: 0))
    }
}
