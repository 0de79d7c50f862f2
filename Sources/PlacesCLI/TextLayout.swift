import PlacesSystem

/// Fitting text into columns; widths are counted in terminal cells (`TerminalCells`), so that a wide character
/// (東) takes two and a combining mark none, and text is only ever cut between `Character`s.
enum TextLayout {
    /// The ellipsis that marks cut text (one cell wide).
    static let ellipsis: Character = "…"
    /// The width assumed for a terminal that does not report its size.
    static let defaultWidth = 80

    /// The cells `text` takes on a terminal.
    static func cells(_ text: some StringProtocol) -> Int {
        TerminalCells.width(of: text)
    }

    /// `text` cut to at most `width` cells, ending in "…" when cut; a wide character that would cross the edge
    /// is left out whole, so the result may be a cell narrower.
    static func truncated(_ text: String, to width: Int) -> String {
        guard cells(text) > width else { return text }
        guard width > 1 else { return width == 1 ? String(ellipsis) : "" }
        var kept = ""
        var used = 0
        for character in text {
            let next = TerminalCells.width(of: character)
            guard used + next <= width - 1 else { break }
            kept.append(character)
            used += next
        }
        return kept + String(ellipsis)
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

    /// `text` followed by spaces up to `width` cells.
    static func padded(_ text: String, to width: Int) -> String {
        let count = cells(text)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// Spaces up to `width` cells, then `text`.
    static func rightAligned(_ text: String, to width: Int) -> String {
        let count = cells(text)
        return count >= width ? text : String(repeating: " ", count: width - count) + text
    }

    /// `text` without trailing spaces.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " {
            text.removeLast()
        }
        return text
    }

    /// `text` broken between words into lines of at most `width` cells (a longer word gets a line of its own).
    static func wrapped(_ text: String, width: Int) -> [String] {
        TerminalCells.wrapped(text, width: width)
    }
}
