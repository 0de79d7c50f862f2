import PlacesProtocol
import Testing

/// Compact JSON output: escaping, numbers and round trips.
@Suite struct JSONWriterTests {
    static let values: [JSONValue] = [
        .null, true, false, 0, -1, 42, 1.5, -2.25, 48.8584, 1e-7, 1e300, "", "plain", "quote \" backslash \\ slash /",
        "control \u{0} \u{1} \u{8} \u{C} \n \r \t \u{1F} \u{7F}", "é 😀 € \u{10FFFF}", [], [:],
        [1, "two", [3], ["four": 4]],
        ["b": 1, "a": [true, false, .null], "": "", "😀": ["nested": ["deeper": []]]],
        .number(JSONNumber(validatedText: "1.0")), .number(JSONNumber(validatedText: "-0")),
        .number(JSONNumber(validatedText: "1E+400")),
        .object(JSONObject([(key: "dup", value: 1), (key: "dup", value: 2)])),
    ]

    @Test(arguments: values)
    func roundTrips(value: JSONValue) throws {
        #expect(try JSONParser.parse(value.jsonBytes) == value)
        #expect(try JSONParser.parse(value.jsonText) == value)
        #expect(try JSONParser.parse(value.prettyPrinted()) == value)
        #expect(try JSONParser.parse(value.prettyPrinted(indent: 0)) == value)
    }

    @Test func writesCompactly() {
        let value: JSONValue = ["a": [1, 2, ["b": .null]], "c": "d"]
        #expect(value.jsonText == #"{"a":[1,2,{"b":null}],"c":"d"}"#)
    }

    static let strings: [(String, String)] = [
        ("", #""""#),
        ("abc", #""abc""#),
        ("a\"b", #""a\"b""#),
        ("a\\b", #""a\\b""#),
        ("a/b", #""a/b""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}é😀", "\"\u{7F}é😀\""),
    ]

    @Test(arguments: strings)
    func escapesStrings(string: String, expected: String) {
        var writer = JSONWriter()
        writer.writeString(string)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    static let doubles: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (48, "48"), (-48, "-48"), (48.8584, "48.8584"), (2.2945, "2.2945"), (0.1, "0.1"),
        (-2.5, "-2.5"), (1e-7, "1e-07"), (1e300, "1e+300"), (1e16, "1e+16"), (123456789.125, "123456789.125"),
        (9_007_199_254_740_991, "9007199254740991"), (.leastNonzeroMagnitude, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (48.856700000000004, "48.856700000000004"), (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
    ]

    @Test(arguments: doubles)
    func writesDoubles(value: Double, expected: String) throws {
        var writer = JSONWriter()
        writer.writeDouble(value)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == expected)
        if value.isFinite {
            let parsed = try #require(try JSONParser.parse(writer.bytes).numberValue?.double)
            #expect(parsed == value)
        }
    }

    @Test func doublesRoundTripExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            var writer = JSONWriter()
            writer.writeDouble(value)
            let parsed = try #require(try JSONParser.parse(writer.bytes).numberValue?.double)
            #expect(parsed == value || (value == 0 && parsed == 0), "\(value)")
            checked += 1
        }
        for value in [0.1, 0.2, 0.30000000000000004, 1.0 / 3.0, 2.0 / 3.0, 1e22, 1e23, 9_007_199_254_740_993.0] {
            var writer = JSONWriter()
            writer.writeDouble(value)
            #expect(try JSONParser.parse(writer.bytes).numberValue?.double == value)
        }
    }

    static let integers: [(Int64, String)] = [
        (0, "0"), (7, "7"), (10, "10"), (-1, "-1"), (1_234_567_890, "1234567890"),
        (.max, "9223372036854775807"), (.min, "-9223372036854775808"),
    ]

    @Test(arguments: integers)
    func writesIntegers(value: Int64, expected: String) {
        var writer = JSONWriter()
        writer.writeInt(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(JSONNumber(value).text == expected)
    }

    @Test func buildsStructureByHand() {
        var writer = JSONWriter(capacity: 16)
        writer.writeRaw("{\"jsonrpc\":\"2.0\",")
        writer.writeKey("list")
        writer.beginArray()
        writer.writeInt(1)
        writer.comma()
        writer.writeBool(false)
        writer.comma()
        writer.writeNull()
        writer.comma()
        writer.beginObject()
        writer.writeKey("k\"ey")
        writer.writeDouble(0.5)
        writer.endObject()
        writer.endArray()
        let fixedKey: StaticString = "raw\""
        writer.writeRaw(",")
        writer.writeKey(fixedKey)
        writer.writeRaw(Array("true}".utf8))
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"jsonrpc":"2.0","list":[1,false,null,{"k\"ey":0.5}],"raw\"":true}"#
        )
    }

    @Test func convertsNumbers() {
        #expect(JSONNumber(48.0)?.text == "48")
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(validatedText: "3.0").integerValue == 3)
        #expect(JSONNumber(validatedText: "3e2").integerValue == 300)
        #expect(JSONNumber(validatedText: "3.5").integerValue == nil)
        #expect(JSONNumber(validatedText: "1e30").integerValue == nil)
        #expect(JSONNumber(validatedText: "-9223372036854775808").integerValue == .min)
    }

    @Test func readsValuesThroughAccessors() throws {
        let value = try json(#"{"s":"x","o":{},"a":[1],"b":true,"n":2,"z":null}"#)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["o"]?.objectValue == JSONObject())
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["b"]?.boolValue == true)
        #expect(value["n"]?.numberValue?.int64 == 2)
        #expect(value["z"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["s"]?.numberValue == nil)
        #expect(JSONValue.string("x")["s"] == nil)
    }
}
