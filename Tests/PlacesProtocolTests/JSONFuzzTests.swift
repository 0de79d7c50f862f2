import Foundation
import PlacesProtocol
import Testing

/// Randomised checks: generated values round-trip, and mutated texts are judged as Foundation judges them.
@Suite struct JSONFuzzTests {
    /// A small deterministic generator, so a failure can be reproduced from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{FFFF}",
        "\u{10FFFF}",
    ]

    static func randomString(_ generator: inout SplitMix) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            text.append(alphabet.randomElement(using: &generator)!)
        }
        return String(text)
    }

    static func randomValue(_ generator: inout SplitMix, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 4 ? 5 : 7), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(JSONNumber(Int64.random(in: .min ... .max, using: &generator)))
        case 3:
            let double = Double(bitPattern: generator.next())
            return double.isFinite ? .number(JSONNumber(double)!) : .string("not finite")
        case 4: return .string(randomString(&generator))
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            let members = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                (key: randomString(&generator), value: randomValue(&generator, depth: depth + 1))
            }
            return .object(JSONObject(members))
        }
    }

    @Test(arguments: 0..<20)
    func generatedValuesRoundTrip(seed: UInt64) throws {
        var generator = SplitMix(state: seed)
        for _ in 0..<200 {
            let value = Self.randomValue(&generator)
            #expect(try JSONParser.parse(value.jsonBytes) == value)
            #expect(try JSONParser.parse(value.prettyPrinted()) == value)
        }
    }

    static let mutations: [UInt8] =
        Array(#"{}[],:"\/ 0123456789.eE+-tfnul"#.utf8) + [
            0x00, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
        ]

    @Test(arguments: 0..<10)
    func mutatedTextsAgreeWithFoundation(seed: UInt64) throws {
        var generator = SplitMix(state: seed &+ 1000)
        var compared = 0
        while compared < 300 {
            var text = Self.randomValue(&generator).jsonBytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !text.isEmpty {
                let position = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text[position] = Self.mutations.randomElement(using: &generator)!
                case 1: text.insert(Self.mutations.randomElement(using: &generator)!, at: position)
                default: text.remove(at: position)
                }
            }
            // Foundation accepts trailing commas and refuses numbers beyond Double's range; skip those texts.
            let lenient = Self.hasTrailingComma(text)
            let ours: JSONValue?
            do throws(JSONParseError) {
                ours = try JSONParser.parse(text)
            } catch {
                ours = nil
            }
            let hugeNumber = ours.map(Self.hasNumberBeyondDouble) ?? false
            if lenient || hugeNumber { continue }
            let theirs = try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])
            #expect(
                (ours == nil) == (theirs == nil),
                "\(String(decoding: text, as: UTF8.self).debugDescription) \(text): ours \(String(describing: ours))"
            )
            if let ours, let theirs {
                #expect(JSONDifferentialTests.matches(ours, theirs))
            }
            // Whatever we accept must survive writing and reading again.
            if let ours {
                #expect(try JSONParser.parse(ours.jsonBytes) == ours)
            }
            compared += 1
        }
    }

    /// Whether a `,` is followed, after optional white space, by `]` or `}`.
    static func hasTrailingComma(_ text: [UInt8]) -> Bool {
        var afterComma = false
        for byte in text {
            switch byte {
            case UInt8(ascii: ","): afterComma = true
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if afterComma { return true }
            default: afterComma = false
            }
        }
        return false
    }

    static func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): !(number.double?.isFinite ?? false)
        case .array(let elements): elements.contains(where: hasNumberBeyondDouble)
        case .object(let object): object.members.contains { hasNumberBeyondDouble($0.value) }
        default: false
        }
    }
}
