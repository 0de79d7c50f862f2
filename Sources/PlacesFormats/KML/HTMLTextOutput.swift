/// The text of an HTML description as it is read: literal text, and the breaks and spaces pending between it.
struct HTMLTextOutput {
    /// The text so far.
    private var scalars = String.UnicodeScalarView()
    /// Line breaks seen since the last literal text; written before the next, dropped at the start and end.
    var breaks = 0
    /// Whether white space was seen since the last literal text; written as one space before the next (unless a
    /// break is), dropped at the start and end.
    var hasSpace = false

    /// The text read.
    var text: String { String(scalars) }

    /// Appends literal text (what a reference stands for), after what is pending.
    mutating func append(_ literal: String) {
        for scalar in literal.unicodeScalars { append(scalar) }
    }

    /// Appends a literal character, after what is pending.
    mutating func append(_ scalar: Unicode.Scalar) {
        if !scalars.isEmpty {
            if breaks > 0 {
                for _ in 0..<breaks { scalars.append("\n") }
            } else if hasSpace {
                scalars.append(" ")
            }
        }
        breaks = 0
        hasSpace = false
        scalars.append(scalar)
    }
}
