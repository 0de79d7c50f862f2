import Foundation
import PlacesProtocol
import Testing

/// Compares `JSONParser` with Foundation's `JSONSerialization` on the same inputs.
@Suite struct JSONDifferentialTests {
    static let inputs: [[UInt8]] =
        [
            "null", "true", "false", "0", "-0", "12", "-12.5e3", "1E+2", "0.000001", "1e-300", "\"\"", "\"abc\"",
            "\"\\u00e9\\uD83D\\uDE00\\n\\t\\\"\\\\\\/\"", "\"é😀\"", "[]", "{}", "[1,[2,[3,{\"a\":[]}]]]",
            "{\"a\":1,\"b\":{\"c\":\"d\"}}", " [ 1 , 2 ] ", "[\"\\u0000\"]",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"places.add\",\"params\":{\"latitude\":48.8584,\"longitude\":2.2945}}",
            "", " ", "nul", "True", "NaN", "Infinity", "-Infinity", "+1", "01", "-01", "1.", ".5", "1e", "-", "0x10",
            "1 2", "[,1]", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\u0041\"", "[1,,2]", "{,}", "00", "1.e5",
            "\"\u{7F}\"", "[\"\\u0000\"]", "-0.0e-0", "{a:1}", "{'a':1}", "'x'", "\"abc", "\"\\x\"", "\"\\u12\"",
            "\"a\nb\"", "\"\t\"", "[] []", "{}x", "[1", "{\"a\":1", "{\"a\" 1}", "[1 2]", "{1:1}",
        ].map { Array($0.utf8) } + [
            [0x22, 0xC0, 0x80, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xE2, 0x82], [0xC3, 0xA9],
            [0x5B, 0x31, 0x2C, 0xFF, 0x5D], [0x22, 0xC3, 0xA9, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22],
        ]

    @Test(arguments: inputs)
    func agreesWithFoundation(input: [UInt8]) throws {
        let ours: JSONValue?
        do throws(JSONParseError) {
            ours = try JSONParser.parse(input)
        } catch {
            ours = nil
        }
        let theirs = try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
        let text = String(decoding: input, as: UTF8.self).debugDescription
        #expect(
            (ours == nil) == (theirs == nil),
            "\(text): ours \(String(describing: ours)), Foundation's \(String(describing: theirs))")
        if let ours, let theirs {
            #expect(Self.matches(ours, theirs), "\(text): ours \(ours), Foundation's \(theirs)")
        }
    }

    /// Inputs where Foundation departs from RFC 8259 or from this parser on purpose: it accepts trailing
    /// commas, and it refuses numbers beyond Double's range that RFC 8259 allows (kept here as text).
    static let deviations: [(String, Bool)] = [
        ("[1,]", false), ("{\"a\":1,}", false), ("1e400", true), ("[-1e999]", true),
    ]

    @Test(arguments: deviations)
    func differsFromFoundationOnlyWhereExpected(text: String, weAccept: Bool) {
        let ours = parseFailure(bytes(text)) == nil
        let theirs = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
        #expect(ours == weAccept)
        #expect(theirs == !weAccept)
    }

    /// Whether our value and Foundation's describe the same JSON.
    static func matches(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null:
            return theirs is NSNull
        case .bool(let bool):
            return (theirs as? Bool) == bool
        case .number(let number):
            // Foundation's number conversion is not always correctly rounded: allow for its last digits.
            guard let double = number.double, let other = (theirs as? NSNumber)?.doubleValue else { return false }
            return double == other || abs(double - other) <= abs(double) * 1e-14
        case .string(let string):
            return (theirs as? String) == string
        case .array(let elements):
            guard let others = theirs as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { matches($0, $1) }
        case .object(let object):
            // Foundation keeps the last of repeated keys, as `JSONObject`'s subscript does.
            guard let others = theirs as? [String: Any], others.count == Set(object.members.map(\.key)).count else {
                return false
            }
            return object.members.allSatisfy { member in
                others[member.key].map { matches(object[member.key]!, $0) } ?? false
            }
        }
    }
}
