import PlacesSystem

/// Lays out `placesd --help`: options in a column, their text wrapped beside them.
enum HelpColumns {
    /// The width of every line.
    static let width = 112
    /// Where the options' text begins.
    static let textColumn = 27

    /// An option and its text: on one line when the option fits before the text column, else on its own line.
    static func option(_ option: String, _ text: String) -> String {
        let lines = TerminalCells.wrapped(text, width: width - textColumn)
        let lead = "  " + option
        let indent = String(repeating: " ", count: textColumn)
        if lead.count < textColumn - 1 {
            let first = lead + String(repeating: " ", count: textColumn - lead.count) + lines[0] + "\n"
            return first + lines.dropFirst().map { indent + $0 + "\n" }.joined()
        }
        return lead + "\n" + lines.map { indent + $0 + "\n" }.joined()
    }

    /// A paragraph wrapped to the width.
    static func paragraph(_ text: String) -> String {
        TerminalCells.wrapped(text, width: width).map { $0 + "\n" }.joined()
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
