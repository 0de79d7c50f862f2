/// Whether and through what to page output, as git does: only on a terminal, only when the output is taller than
/// it, never with `--no-pager`; `$PAGER` names the pager (run by `sh -c`), `less -FRX` when it is unset, none
/// when it is empty or `cat`.
enum PagerChoice {
    /// The pager when `PAGER` is unset: quit if the text fits (-F), pass colours (-R), leave the screen as is (-X).
    static let defaultCommand = "less -FRX"

    /// The command to page `text` through, or nil to write it straight out.
    static func command(
        for text: String, isTerminal: Bool, rows: Int?, columns: Int?, isDisabled: Bool,
        environment: [String: String]
    ) -> String? {
        guard isTerminal, !isDisabled, let rows, rows > 0 else { return nil }
        let pager = environment["PAGER"] ?? defaultCommand
        let words = pager.split(separator: " ")
        guard !words.isEmpty, words != ["cat"] else { return nil }
        // The prompt line a shell shows after the output takes a row too.
        guard screenRows(text, columns: columns, atLeast: rows) >= rows else { return nil }
        return pager
    }

    /// The rows `text` takes on a terminal `columns` wide, long lines wrapping; counting stops at `limit`.
    static func screenRows(_ text: String, columns: Int?, atLeast limit: Int) -> Int {
        var rows = 0
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true {
            lines.removeLast()
        }
        for line in lines {
            let cells = TextLayout.cells(line)
            if let columns, columns > 0, cells > columns {
                rows += (cells + columns - 1) / columns
            } else {
                rows += 1
            }
            if rows >= limit {
                return rows
            }
        }
        return rows
    }
}
