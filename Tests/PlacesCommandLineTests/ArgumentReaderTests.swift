import PlacesCommandLine
import Testing

@Suite("Argument reader")
struct ArgumentReaderTests {
    private static let latitude = Option<String>(["--lat", "--latitude"], valueName: "LAT", abstract: "Latitude.")
    private static let json = Flag(["--json"], abstract: "JSON.")
    private static let output = Option<String>(["-o", "--output"], valueName: "FILE", abstract: "Output.")

    private static func lookUp(_ spelling: String) -> OptionDeclaration? {
        [latitude.declaration, json.declaration, output.declaration].first { $0.isSpelled(spelling) }
    }

    private static func tokens(_ arguments: [String], everyArgumentIsAnOption: Bool = false) -> [String] {
        var reader = ArgumentReader(
            arguments[...], doubleDashEndsOptions: !everyArgumentIsAnOption,
            everyArgumentIsAnOption: everyArgumentIsAnOption)
        var tokens: [String] = []
        while let token = reader.next(options: lookUp) {
            switch token {
            case .option(let option, let spelling, let value):
                tokens.append("\(option.key):\(spelling)=\(value ?? "nil")")
            case .missingValue(let option, let spelling): tokens.append("missing \(option.key):\(spelling)")
            case .unknownOption(let spelling, let text): tokens.append("unknown \(spelling) \(text)")
            case .argument(let text): tokens.append("argument \(text)")
            }
        }
        return tokens
    }

    @Test(
        "Each spelling reads as its option",
        arguments: [
            (["--lat", "-33.9"], ["lat:--lat=-33.9"]),
            (["--latitude=-1"], ["lat:--latitude=-1"]),
            (["--lat=", "x"], ["lat:--lat=", "argument x"]),
            (["-o", "f", "--json"], ["output:-o=f", "json:--json=nil"]),
            (["--json=yes"], ["json:--json=yes"]),
            (["-o=f"], ["unknown -o=f -o=f"]),
            (["--frob=1", "-", "x"], ["unknown --frob --frob=1", "argument -", "argument x"]),
            (["--", "--json", "--"], ["argument --json", "argument --"]),
            (["--lat"], ["missing lat:--lat"]),
            (["--lat", "--json"], ["lat:--lat=--json"]),
        ])
    func reads(arguments: [String], expected: [String]) {
        #expect(Self.tokens(arguments) == expected)
    }

    @Test("Where every argument is an option, words and -- are unknown options")
    func everyArgumentIsAnOption() {
        #expect(
            Self.tokens(["x", "--", "-", "--json"], everyArgumentIsAnOption: true) == [
                "unknown x x", "unknown -- --", "unknown - -", "json:--json=nil",
            ])
    }

    @Test("A value is converted through its declaration, and a refused one says why")
    func typedValues() throws {
        let limit = Option<Int>(
            ["--limit"], valueName: "N", abstract: "Limit.", defaultValue: 10, convert: { Int($0) },
            refusal: { "\($0) expects a whole number, got '\($1)'" })
        var values = OptionValues()
        #expect(try values.value(limit) == 10)
        let isFirstSet = values.set(limit.declaration, spelling: "--limit", text: "x")
        let isSecondSet = values.set(limit.declaration, spelling: "--limit", text: "3")
        #expect(isFirstSet && !isSecondSet)
        #expect(throws: OptionValueError(message: "--limit expects a whole number, got 'x'")) {
            try values.value(limit)
        }
        #expect(!values[Self.json])
        values.set(Self.json.declaration)
        #expect(values[Self.json])
    }

    @Test("A summary is the first sentence without parentheses or its period")
    func summary() {
        let option = OptionDeclaration(
            names: ["--x"], valueName: "N", abstract: "Keep N (default: 3; at least 1) things. Then more.")
        #expect(option.summary == "Keep N things")
    }
}
