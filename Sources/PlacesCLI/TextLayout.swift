/// Fitting text into columns; widths are counted in `Character`s.
enum TextLayout {
    /// The ellipsis that marks cut text.
    static let ellipsis: Character = "…"

    /// `text` cut to at most `width` characters, ending in "…" when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return width == 1 ? String(ellipsis) : "" }
        return String(text.prefix(width - 1)) + String(ellipsis)
    }

    /// The first line of `text`, with tabs as spaces, and "…" appended when more lines follow.
    static func firstLine(_ text: String) -> String {
        let lines = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var line = singleLine(String(lines.first ?? ""))
        if lines.count > 1, lines[1].contains(where: { !$0.isWhitespace }) {
            line.append(ellipsis)
        }
        return line
    }

    /// `text` with tabs and line breaks as spaces, so it stays in its column.
    static func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0.isNewline }) else { return text }
        return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// `text` followed by spaces up to `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// `text` without trailing spaces.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " {
            text.removeLast()
        }
        return text
    }

    /// `text` broken between words into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }
}
