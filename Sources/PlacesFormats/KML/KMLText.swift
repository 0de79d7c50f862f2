/// Small text helpers of the KML reader and writer.
enum KMLText {
    /// Whether `scalar` is XML white space: space, tab, line feed or carriage return.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// `text` without XML white space around it.
    static func trimmed(_ text: String) -> String {
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
