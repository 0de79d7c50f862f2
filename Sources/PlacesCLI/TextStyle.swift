/// Colour for one output stream, decided once: on a terminal unless `NO_COLOR` is set (to anything but the empty
/// string, as no-color.org asks) or `TERM` is `dumb`; `--color always` and `--color never` override.
///
/// Colour is added after a table is laid out, around text already padded, so widths never count escapes.
struct TextStyle: Equatable {
    /// Whether escapes are written at all.
    let isEnabled: Bool

    /// The style for a stream that is (`isTerminal`) or is not a terminal.
    init(_ mode: ColorMode, isTerminal: Bool, _ environment: [String: String]) {
        switch mode {
        case .never:
            isEnabled = false
        case .always:
            isEnabled = true
        case .auto:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            isEnabled = isTerminal && !noColor && environment["TERM"] != "dumb"
        }
    }

    /// No colour.
    static let plain = TextStyle(.never, isTerminal: false, [:])

    /// Bold: table headings.
    func heading(_ text: String) -> String { wrap(text, "1") }
    /// Green: visited places, added places.
    func positive(_ text: String) -> String { wrap(text, "32") }
    /// Red: removed places, failures.
    func negative(_ text: String) -> String { wrap(text, "31") }
    /// Yellow: updated places.
    func changed(_ text: String) -> String { wrap(text, "33") }
    /// Faint: places not visited yet, short ids.
    func faint(_ text: String) -> String { wrap(text, "2") }

    /// A failure's report with its `placesctl:` prefix in red.
    func failure(_ report: String) -> String {
        let prefix = "placesctl:"
        guard isEnabled, report.hasPrefix(prefix) else { return report }
        return negative(prefix) + report.dropFirst(prefix.count)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
