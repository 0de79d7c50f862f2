import CLinux
import Glibc

/// How many cells of a terminal text takes, as the C library's `wcwidth(3)` counts them in its UTF-8 locale
/// (`C.UTF-8`, whatever the process's own locale is): East Asian wide and fullwidth characters take two,
/// combining marks, zero-width joiners and other zero-width characters none, everything else one.
///
/// An emoji sequence joined with U+200D counts each of its emoji, as terminals that draw them one by one show it.
public enum TerminalCells {
    /// `text` broken between words into lines of at most `width` cells (a longer word gets a line of its own).
    public static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            let wordWidth = self.width(of: word)
            if line.isEmpty {
                line = String(word)
                lineWidth = wordWidth
            } else if lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
            } else {
                lines.append(line)
                line = String(word)
                lineWidth = wordWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// The cells `text` takes.
    public static func width(of text: some StringProtocol) -> Int {
        width(of: text.unicodeScalars)
    }

    /// The cells `character` takes.
    public static func width(of character: Character) -> Int {
        width(of: character.unicodeScalars)
    }

    /// The cells `scalars` take; control characters, which a terminal does not print, take none.
    public static func width(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        var total = 0
        var previous: locale_t?
        var hasSwitched = false
        defer {
            if hasSwitched { uselocale(previous) }
        }
        for scalar in scalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                total += 1
                continue
            }
            if !hasSwitched, let locale = characterLocale.handle {
                previous = uselocale(locale)
                hasSwitched = true
            }
            total += hasSwitched ? max(Int(wcwidth(wchar_t(bitPattern: value))), 0) : (value < 0x20 ? 0 : 1)
        }
        return total
    }

    /// The UTF-8 locale whose character classes `wcwidth` reads.
    private static let characterLocale = CharacterLocale()
}

/// A locale object for `LC_CTYPE` only, made once and never changed, which any thread may make its own with
/// `uselocale(3)`.
///
/// `@unchecked Sendable` holds because the object is only read after `newlocale(3)` made it, and glibc lets
/// any number of threads use one locale object at the same time.
private final class CharacterLocale: @unchecked Sendable {
    /// The locale, or nil when the C library has no `C.UTF-8` (every cell then counts as one).
    let handle: locale_t?

    init() {
        handle = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
    }
}
