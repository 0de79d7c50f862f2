import PlacesProtocol

/// Compares `JSONParser` with a reference parser on one JSON text: both must accept or both refuse, and
/// agree on the value.
///
/// The reference is Foundation's `JSONSerialization` (with fragments allowed), which departs from RFC 8259
/// in known ways that are left out here: it reads UTF-16 and UTF-32 (a byte order mark or a NUL byte among
/// the first four bytes) and skips a UTF-8 byte order mark, accepts trailing commas, and refuses numbers
/// beyond Double's range, which this parser keeps as text. It also drops a raw U+FEFF at the start of a string
/// or after an escape, so for texts holding one only the verdicts are compared. Its nesting limit is 512 levels, so this parser
/// is run with the same limit (the daemon uses 128). Repeated keys are accepted by both (the reference keeps
/// the last, like `JSONObject`'s subscript), and numbers are compared allowing for its rounding.
public enum JSONDifferential {
    /// Foundation's nesting limit for arrays and objects.
    static let referenceDepth = 512

    /// Compares the two parsers on `data`.
    public static func check(
        _ data: UnsafeRawBufferPointer,
        reference: (UnsafeRawBufferPointer) -> ReferenceJSON?
    ) throws(FuzzViolation) {
        guard !readsAsAnotherEncoding(data) else { return }
        let ours = try? JSONParser.parse(data, maximumDepth: referenceDepth)
        if let ours, hasNumberBeyondDouble(ours) { return }
        if ours == nil, hasTrailingComma(data) { return }
        let theirs = reference(data)
        try require(
            (ours == nil) == (theirs == nil), "differential.verdict",
            "JSONParser \(ours == nil ? "refuses" : "accepts"), the reference \(theirs == nil ? "refuses" : "accepts")")
        if let ours, let theirs, !containsByteOrderMark(data) {
            try require(matches(ours, theirs), "differential.value", "the parsers read different values")
        }
    }

    /// Whether Foundation would take the bytes for something other than plain UTF-8.
    static func readsAsAnotherEncoding(_ data: UnsafeRawBufferPointer) -> Bool {
        let marks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]]
        return marks.contains { data.starts(with: $0) } || data.prefix(4).contains(0)
    }

    /// Whether the text holds a raw U+FEFF (its UTF-8 bytes), which Foundation drops from the start of a
    /// string and after an escape sequence.
    static func containsByteOrderMark(_ data: UnsafeRawBufferPointer) -> Bool {
        data.count >= 3
            && (0...(data.count - 3)).contains { data[$0] == 0xEF && data[$0 + 1] == 0xBB && data[$0 + 2] == 0xBF }
    }

    /// Whether a `,` is followed, after white space, by `]` or `}` outside strings.
    static func hasTrailingComma(_ data: UnsafeRawBufferPointer) -> Bool {
        var isInString = false
        var isEscaped = false
        var isAfterComma = false
        for byte in data {
            if isInString {
                if isEscaped {
                    isEscaped = false
                } else if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    isInString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): isInString = true
            case UInt8(ascii: ","): isAfterComma = true
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if isAfterComma { return true }
            default: break
            }
            if byte != UInt8(ascii: ",") { isAfterComma = false }
        }
        return false
    }

    /// Whether a number in the value is too large for a Double.
    static func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): !(number.double?.isFinite ?? false)
        case .array(let elements): elements.contains(where: hasNumberBeyondDouble)
        case .object(let object): object.members.contains { hasNumberBeyondDouble($0.value) }
        default: false
        }
    }

    /// Whether the reference's value describes the same JSON.
    static func matches(_ ours: JSONValue, _ theirs: ReferenceJSON) -> Bool {
        switch (ours, theirs) {
        case (.null, .null):
            return true
        case (.bool(let bool), .bool(let other)):
            return bool == other
        case (.number(let number), .number(let other)):
            guard let double = number.double else { return false }
            return closeEnough(double, other)
        case (.string(let string), .string(let other)):
            return string.unicodeScalars.elementsEqual(other.unicodeScalars)
        case (.array(let elements), .array(let others)):
            return elements.count == others.count && zip(elements, others).allSatisfy { matches($0, $1) }
        case (.object(let object), .object(let others)):
            guard Set(object.members.map(\.key)).count == others.count else { return false }
            return object.members.allSatisfy { member in
                guard let mine = object[member.key], let other = others[member.key] else { return false }
                return matches(mine, other)
            }
        default:
            return false
        }
    }

    /// Equal, or within the last digits Foundation's conversion may get wrong (it is not always correctly
    /// rounded, least of all for subnormal numbers).
    private static func closeEnough(_ ours: Double, _ theirs: Double) -> Bool {
        if ours == theirs { return true }
        let scale = max(ours.magnitude, theirs.magnitude)
        if scale < Double.leastNormalMagnitude * 4 { return (ours - theirs).magnitude < Double.leastNormalMagnitude }
        return (ours - theirs).magnitude <= scale * 1e-14
    }
}
