/// The text of an HTML description as it is read: literal text, and the breaks and spaces pending between it.
struct HTMLTextOutput {
    /// The text so far.
    private(set) var text = ""
    /// Line breaks seen since the last literal text; written before the next, dropped at the start and end.
    var breaks = 0
    /// Whether white space was seen since the last literal text; written as one space before the next (unless a
    /// break is), dropped at the start and end.
    var hasSpace = false

    /// Appends literal text (a character, or what a reference stands for), after what is pending.
    mutating func append(_ literal: String) {
        if !text.isEmpty {
            if breaks > 0 {
                text += String(repeating: "\n", count: breaks)
            } else if hasSpace {
                text += " "
            }
        }
        breaks = 0
        hasSpace = false
        text += literal
    }
}
