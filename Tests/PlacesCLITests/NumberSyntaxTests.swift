import Testing

@testable import PlacesCLI

@Suite struct NumberSyntaxTests {
    @Test(arguments: [
        ("48.8584", 48.8584), ("-33.9", -33.9), ("+5", 5.0), (".5", 0.5), ("1e-3", 0.001), ("0", 0.0), ("180", 180.0),
        ("1000", 1000.0),
    ])
    func acceptsDecimalNumbers(text: String, value: Double) {
        #expect(NumberSyntax.finiteDouble(text) == value)
    }

    @Test(arguments: ["", "abc", "nan", "inf", "-inf", "infinity", "0x1p3", "1,5", "1e999", "--5", " 5", "e", "."])
    func refusesEverythingElse(text: String) {
        #expect(NumberSyntax.finiteDouble(text) == nil)
    }

    @Test(arguments: [
        (48.8584, "48.8584"), (2.0, "2"), (-122.4783, "-122.4783"), (0.00001, "0.00001"), (-0.0, "0"),
        (1.5e-7, "0.00000015"), (90.0, "90"), (0.1, "0.1"), (1e16, "10000000000000000"),
    ])
    func displaysShortestPlainForm(value: Double, text: String) {
        #expect(NumberSyntax.display(value) == text)
    }
}
