import PlacesProtocol

/// Checks what the parser makes of one line: errors point into the text, and an accepted value is written
/// on one line, reads back equal, writes the same bytes again, and needs exactly its own nesting depth.
enum JSONCheck {
    /// Parses `line`, checks the outcome, and returns the value when the line is JSON.
    static func run(_ line: [UInt8]) throws(FuzzViolation) -> JSONValue? {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser.parse(line)
        } catch {
            try require(
                error.offset >= 0 && error.offset <= line.count, "json.errorOffset",
                "offset \(error.offset) is outside the \(line.count)-byte text")
            try require(!error.reason.isEmpty, "json.errorReason", "an error without a reason")
            try checkStringOverload(line, expected: nil)
            return nil
        }
        try checkRoundTrip(value)
        try checkDepth(value, line: line)
        try checkStringOverload(line, expected: value)
        return value
    }

    /// Writes `value` compactly and pretty-printed, and reads both back.
    static func checkRoundTrip(_ value: JSONValue) throws(FuzzViolation) {
        let written = value.jsonBytes
        try require(
            !written.contains(0x0A) && !written.contains(0x0D), "json.oneLine",
            "compact output contains a line break: \(String(decoding: written, as: UTF8.self).debugDescription)")
        let again: JSONValue
        do throws(JSONParseError) {
            again = try JSONParser.parse(written)
        } catch {
            throw FuzzViolation(check: "json.writtenParses", detail: "\(error) in the writer's output")
        }
        try require(again == value, "json.roundTrip", "the written text reads back as a different value")
        try require(again.hashValue == value.hashValue, "json.hash", "equal values hash differently")
        try require(again.jsonBytes == written, "json.stableBytes", "writing the value again gives other bytes")
        let pretty: JSONValue
        do throws(JSONParseError) {
            pretty = try JSONParser.parse(value.prettyPrinted())
        } catch {
            throw FuzzViolation(check: "json.prettyParses", detail: "\(error) in the pretty-printed output")
        }
        try require(pretty.jsonBytes == written, "json.prettyRoundTrip", "the pretty text reads back differently")
    }

    /// The nesting depth the value has is enough to read it, and one less is not.
    private static func checkDepth(_ value: JSONValue, line: [UInt8]) throws(FuzzViolation) {
        let depth = nestingDepth(value)
        let atDepth = try? JSONParser.parse(line, maximumDepth: depth)
        try require(atDepth == value, "json.depthEnough", "the text does not read with maximum depth \(depth)")
        if depth > 0 {
            let below = try? JSONParser.parse(line, maximumDepth: depth - 1)
            try require(below == nil, "json.depthLimit", "a value \(depth) deep reads with maximum depth \(depth - 1)")
        }
    }

    /// The `String` overload judges valid UTF-8 text as the byte overload does.
    private static func checkStringOverload(_ line: [UInt8], expected: JSONValue?) throws(FuzzViolation) {
        guard let text = String(validating: line, as: UTF8.self) else { return }
        let value = try? JSONParser.parse(text)
        try require(value == expected, "json.stringOverload", "parsing the text as a String gives another result")
    }

    /// How many arrays and objects enclose the innermost value (0 for a scalar).
    static func nestingDepth(_ value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.lazy.map(nestingDepth).max() ?? 0)
        case .object(let object): 1 + (object.members.lazy.map { nestingDepth($0.value) }.max() ?? 0)
        default: 0
        }
    }
}
