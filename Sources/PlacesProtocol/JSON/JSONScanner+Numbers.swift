extension JSONScanner {
    /// Reads a number by RFC 8259's grammar (`-? int frac? exp?`) and keeps its text.
    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        if base[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < count else { throw failure("unexpected end of input in a number") }
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count, isDigit(base[index]) {
                throw failure("leading zero in a number")
            }
        } else if isDigit(first) {
            skipDigits()
        } else {
            throw failure("unexpected \(describeByte(at: index)) in a number, expected a digit")
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            try requireDigits(after: "'.'")
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index += 1
            }
            try requireDigits(after: "the exponent")
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    private mutating func requireDigits(after what: String) throws(JSONParseError) {
        guard index < count else { throw failure("unexpected end of input in a number") }
        guard isDigit(base[index]) else {
            throw failure("unexpected \(describeByte(at: index)) in a number, expected a digit after \(what)")
        }
        skipDigits()
    }

    private mutating func skipDigits() {
        while index < count, isDigit(base[index]) {
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
