/// Quoting and wording for the completion scripts.
extension String {
    /// The text in single quotes for sh, bash and zsh: `it's` becomes `'it'\''s'`.
    var shellQuoted: String {
        "'" + replacing("'", with: "'\\''") + "'"
    }

    /// The text with its first letter in lower case, as zsh's descriptions are written.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }

    /// The text in single quotes for fish: `it's` becomes `'it\'s'`.
    var fishQuoted: String {
        "'" + replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The sentence without its final period.
    var withoutPeriod: String {
        hasSuffix(".") ? String(dropLast()) : self
    }
}
