import Testing

/// The generated fish completions, sourced into fish and asked for a line's completions (`complete -C`).
@Suite("fish completion")
struct FishCompletionTests {
    /// Lines and the words completing them must offer.
    static let lines: [(String, String, [String])] = [
        ("placesctl", "placesctl ex", ["export"]),
        ("placesctl", "placesctl --v", ["--version"]),
        ("placesctl", "placesctl export --format g", ["geojson", "gpx"]),
        ("placesctl", "placesctl list --un", ["--unvisited"]),
        ("placesctl", "placesctl update abcd --if", ["--if-version"]),
        ("placesctl", "placesctl help st", ["status"]),
        ("placesctl", "placesctl key g", ["generate"]),
        ("placesctl", "placesctl key generate g", []),
        ("placesctl", "placesctl call rpc.", ["rpc.discover"]),
        ("placesd", "placesd re", ["rekey", "restore"]),
        ("placesd", "placesd restore b.sqlite --r", ["--replace"]),
        ("placesd", "placesd --log-level w", ["warning"]),
        ("placesd", "placesd rekey --d", ["--database", "--decrypt"]),
        ("placesd", "placesd migrate --t", ["--to"]),
    ]

    @Test("Completing a line offers the declared words", arguments: lines)
    func completes(program: String, line: String, expected: [String]) throws {
        let outcome = try Shell.run(
            "fish", ["-c", "source completions/\(program).fish; complete -C \"$argv[1]\"", line])
        #expect(outcome.status == 0, "\(outcome.error)")
        let words = outcome.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words.sorted() == expected, "\(line)")
    }
}
