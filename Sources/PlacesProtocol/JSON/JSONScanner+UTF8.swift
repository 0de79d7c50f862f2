extension JSONScanner {
    /// Validates one multi-byte UTF-8 sequence at `index` (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF) and advances past it.
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = base[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw failure("invalid UTF-8: \(describeByte(at: index)) cannot start a character")
        }
        guard index + length <= count else {
            throw failure("invalid UTF-8: truncated sequence at the end of input")
        }
        guard secondRange.contains(base[index + 1]) else {
            throw failure("invalid UTF-8: \(describeByte(at: index + 1)) cannot follow \(describeByte(at: index))")
        }
        for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 {
            throw failure("invalid UTF-8: truncated sequence before \(describeByte(at: index + offset))")
        }
        index += length
    }
}
