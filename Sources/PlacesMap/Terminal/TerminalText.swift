/// The cells text takes on a terminal, for placing labels: 0 for combining marks and format characters, 2 for
/// East Asian wide and fullwidth characters and emoji, 1 for the rest (what `wcwidth` says in `C.UTF-8` for
/// the names people give places).
enum TerminalText {
    /// The ranges of scalars two cells wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The cells one scalar takes.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The cells `text` takes.
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `limit` cells, ending in `…` when cut; control and format characters dropped, so
    /// that a name cannot send escape sequences to the terminal or turn the rest of a line right to left.
    static func truncated(_ text: String, toWidth limit: Int) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
                }))
        guard width(of: cleaned) > limit else { return cleaned }
        guard limit > 0 else { return "" }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in cleaned.unicodeScalars {
            let cells = width(of: scalar)
            if used + cells > limit - 1 { break }
            result.append(scalar)
            used += cells
        }
        return String(result) + "…"
    }
}
