import PlacesProtocol
import Testing

/// The layout of pretty-printed JSON.
@Suite struct JSONPrettyPrintingTests {
    @Test func indentsMembersInWrittenOrder() {
        let value: JSONValue = ["zeta": 1, "alpha": [true, .null, []], "empty": [:], "text": "a\nb"]
        let expected = """
            {
              "zeta": 1,
              "alpha": [
                true,
                null,
                []
              ],
              "empty": {},
              "text": "a\\nb"
            }
            """
        #expect(value.prettyPrinted() == expected)
    }

    @Test func honoursTheIndent() {
        let value: JSONValue = ["a": [1]]
        #expect(value.prettyPrinted(indent: 4) == "{\n    \"a\": [\n        1\n    ]\n}")
        #expect(JSONValue.string("x").prettyPrinted() == "\"x\"")
    }
}
