import PlacesModel

extension JSONScanner {
    /// Reads a string starting at its opening quote and returns it unescaped, validating UTF-8.
    mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
        index += 1
        let start = index
        while true {
            skipPlainASCII()
            guard index < count else {
                throw JSONParseError(offset: quote, reason: "unterminated string")
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let length = index - start
                index += 1
                if let known = knownString(start: start, length: length) { return known }
                return String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(quote: quote, start: start)
            }
            if byte < 0x20 {
                throw failure("unescaped control character \(describeByte(at: index)) in a string")
            }
            if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// The keys and values every request repeats, as string literals that cost nothing to create;
    /// nil for any other text.
    private func knownString(start: Int, length: Int) -> String? {
        switch length {
        case 2: return known(PlaceField.Member.id, .id, at: start)
        case 3: return matches("2.0", at: start) ? "2.0" : nil
        case 4: return known(PlaceField.Member.name, .name, at: start)
        case 6:
            if matches("method", at: start) { return "method" }
            return matches("params", at: start) ? "params" : nil
        case 7:
            if matches("jsonrpc", at: start) { return "jsonrpc" }
            return known(PlaceField.Member.visited, .visited, at: start)
        case 8: return known(PlaceField.Member.latitude, .latitude, at: start)
        case 9: return known(PlaceField.Member.longitude, .longitude, at: start)
        case 11: return known(PlaceField.Member.description, .description, at: start)
        default: return nil
        }
    }

    /// The field's name when the text at `start` is it; `member` is its `,"name":` fragment.
    @inline(__always)
    private func known(_ member: StaticString, _ field: PlaceField, at start: Int) -> String? {
        let name = member.utf8Start + 2
        for offset in 0..<member.utf8CodeUnitCount - 4 where base[start + offset] != name[offset] {
            return nil
        }
        return field.text
    }

    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let expected = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount where base[start + offset] != expected[offset] {
            return false
        }
        return true
    }

    /// Finishes a string that contains escapes, building it in `scratch` from `start` on.
    private mutating func parseEscapedString(quote: Int, start: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while true {
            skipPlainASCII()
            guard index < count else {
                throw JSONParseError(offset: quote, reason: "unterminated string")
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                appendRun(from: runStart)
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                appendRun(from: runStart)
                try parseEscape()
                runStart = index
            } else if byte < 0x20 {
                throw failure("unescaped control character \(describeByte(at: index)) in a string")
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    private mutating func appendRun(from runStart: Int) {
        guard index > runStart else { return }
        let length = index - runStart
        if scratch.count + length > scratch.capacity && scratch.count + length > 1 << 20 {
            // A long string (an export's document, tens of megabytes): room for the rest of it at once, rather
            // than doubling again and again, each time a copy of all so far.
            scratch.reserveCapacity(scratch.count + stringBytes(from: runStart))
        }
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: length))
    }

    /// The bytes from `offset` (not inside an escape) to the string's closing quote, or to the end of the text
    /// when it has none: at least what the rest of the string takes unescaped.
    private func stringBytes(from offset: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        var position = offset
        while position < count {
            if position + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let quotes = word ^ (ones &* 0x22)
                let quoteZeros = (quotes &- ones) & ~quotes & 0x8080_8080_8080_8080
                guard quoteZeros != 0 else {
                    position += 8
                    continue
                }
                position += quoteZeros.trailingZeroBitCount >> 3
            } else if base[position] != UInt8(ascii: "\"") {
                position += 1
                continue
            }
            // A quote after an odd number of backslashes is escaped.
            var backslashes = 0
            while position - backslashes > offset && base[position - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return position - offset }
            position += 1
        }
        return count - offset
    }

    /// Reads one escape sequence at `index` (the backslash) and appends what it stands for to `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < count else { throw failure("unexpected end of input in an escape sequence") }
        let letter = base[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < count, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u")
                else {
                    throw JSONParseError(offset: escapeStart, reason: "lone high surrogate in a \\u escape")
                }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError(offset: escapeStart, reason: "lone high surrogate in a \\u escape")
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError(offset: escapeStart, reason: "lone low surrogate in a \\u escape")
            }
            appendUTF8(scalarValue)
        default:
            throw JSONParseError(offset: escapeStart, reason: "invalid escape sequence '\\\(describeEscape(letter))'")
        }
    }

    private func describeEscape(_ letter: UInt8) -> String {
        letter >= 0x21 && letter < 0x7F ? String(Character(Unicode.Scalar(letter))) : "(byte \(letter))"
    }

    private mutating func parseHexQuad() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= count else { throw failure("unexpected end of input in a \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw failure("unexpected \(describeByte(at: index)) in a \\u escape, expected a hex digit")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Advances over bytes that need no attention in a string (printable ASCII other than `"` and `\`),
    /// eight at a time while it can, stopping at the first byte that does.
    private mutating func skipPlainASCII() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let controls = word &- (ones &* 0x20)
            let quoteZeros = (quotes &- ones) & ~quotes
            let backslashZeros = (backslashes &- ones) & ~backslashes
            let special = (controls | quoteZeros | backslashZeros | word) & highBits
            if special != 0 {
                // Borrows only run upwards, so the lowest flagged byte is the first special one.
                index += special.trailingZeroBitCount >> 3
                return
            }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return }
            index += 1
        }
    }
}
