/// Small text helpers of the KML reader and writer.
enum KMLText {
    /// Whether `scalar` is XML white space: space, tab, line feed or carriage return.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Whether `byte` is XML white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Whether `text` is empty or XML white space only.
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy(isSpace)
    }

    /// `text` without XML white space around it.
    static func trimmed(_ text: String) -> String {
        // Most text has no white space around it: then it is returned as it is, not copied.
        guard let head = text.utf8.first, let tail = text.utf8.last, isSpace(head) || isSpace(tail) else {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    /// `text` shortened to 40 characters for a message.
    static func shown(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}
