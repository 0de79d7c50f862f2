/// The escape sequences of a live map on a terminal: the alternate screen with the cursor hidden, and frames
/// drawn over the last in place.
enum MapScreen {
    /// Switches to the alternate screen, clears it and hides the cursor.
    static let enter = "\u{1B}[?1049h\u{1B}[2J\u{1B}[?25l"
    /// Shows the cursor and switches back to the normal screen, as it was.
    static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    /// A frame: from the top left, each line cleared to its end, the rest of the screen cleared; no newline after
    /// the last line, so a frame as tall as the terminal does not scroll it.
    static func frame(_ lines: [String]) -> String {
        "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    }

    /// `lines` with the last replaced by `status` in reverse video (the legend's line, while placesd is away), cut
    /// to `columns` so that it never wraps onto the map.
    static func withStatus(_ lines: [String], _ status: String, columns: Int, style: TextStyle) -> [String] {
        let fitted = TextLayout.truncated(status, to: max(columns, 1))
        let line = style.isEnabled ? "\u{1B}[7m\(fitted)\u{1B}[0m" : fitted
        return lines.isEmpty ? [line] : lines.dropLast() + [line]
    }
}
