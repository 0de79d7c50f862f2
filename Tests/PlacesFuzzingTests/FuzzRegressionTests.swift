import Foundation
import PlacesFuzzing
import Testing

/// Replays the fuzzer's seed corpus and every input it once crashed on through the checks it runs.
@Suite struct FuzzRegressionTests {
    /// The repository's `Fuzz` directory, found from this file's path.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The names of the files in `Fuzz/<directory>`, sorted; hidden files are skipped.
    static func files(in directory: String) -> [String] {
        let url = fuzzDirectory.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every input to replay, as a path below `Fuzz`.
    static let inputs: [String] =
        files(in: "corpus").map { "corpus/\($0)" } + files(in: "regressions").map { "regressions/\($0)" }

    @Test func findsTheCorpus() {
        #expect(Self.files(in: "corpus").count >= 30)
        #expect(!Self.files(in: "regressions").isEmpty)
    }

    @Test(arguments: inputs)
    func replays(path: String) throws {
        let data = try Data(contentsOf: Self.fuzzDirectory.appendingPathComponent(path))
        data.withUnsafeBytes { bytes in
            #expect(throws: Never.self) { try ProtocolFuzzer.check(bytes) }
            #expect(throws: Never.self) { try JSONDifferential.check(bytes, reference: FoundationReference.parse) }
        }
    }

    @Test func differentialNoticesADisagreement() {
        Array("[1,2]".utf8).withUnsafeBytes { bytes in
            #expect(throws: FuzzViolation.self) { try JSONDifferential.check(bytes, reference: { _ in nil }) }
            #expect(throws: FuzzViolation.self) {
                try JSONDifferential.check(bytes, reference: { _ in .array([.number(1), .number(3)]) })
            }
            #expect(throws: Never.self) {
                try JSONDifferential.check(bytes, reference: { _ in .array([.number(1), .number(2)]) })
            }
        }
    }

    /// Foundation's known departures from RFC 8259 are left out of the comparison, and only those.
    static let knownDepartures: [(String, [UInt8])] = [
        ("trailing comma", Array("[1,]".utf8)),
        ("number beyond Double", Array("1e400".utf8)),
        ("UTF-8 byte order mark", [0xEF, 0xBB, 0xBF, 0x31]),
        ("UTF-16", [0x31, 0x00]),
    ]

    @Test(arguments: knownDepartures)
    func leavesOutKnownDepartures(name: String, input: [UInt8]) {
        input.withUnsafeBytes { bytes in
            #expect(FoundationReference.parse(bytes) != nil || name == "number beyond Double")
            #expect(throws: Never.self) { try JSONDifferential.check(bytes, reference: FoundationReference.parse) }
        }
    }
}
