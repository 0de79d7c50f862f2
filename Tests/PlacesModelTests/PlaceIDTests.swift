import PlacesModel
import Testing

@Suite("Place ids")
struct PlaceIDTests {
    @Test("Parses any case and prints canonical lower case")
    func parsing() throws {
        let id = try #require(PlaceID("0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(id.description == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(PlaceID(id.description) == id)
    }

    @Test(
        "Refuses malformed ids",
        arguments: [
            "", "0f8fad5b", "0f8fad5bd9cb469fa16570867728950e", "0f8fad5b-d9cb-469f-a165-70867728950",
            "0f8fad5b-d9cb-469f-a165-70867728950e0", "0f8fad5b_d9cb-469f-a165-70867728950e",
            "zf8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950é",
        ])
    func malformed(text: String) {
        #expect(PlaceID(text) == nil)
    }

    @Test("Random ids are version 4, variant 1, and distinct")
    func random() {
        var seen = Set<PlaceID>()
        for _ in 0..<1000 {
            let id = PlaceID.random()
            let text = Array(id.description)
            #expect(text[14] == "4")
            #expect("89ab".contains(text[19]))
            seen.insert(id)
        }
        #expect(seen.count == 1000)
    }
}
