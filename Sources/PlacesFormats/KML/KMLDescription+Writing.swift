extension KMLDescription {
    /// `text` as a description that `plainText(_:)` reads back unchanged: as it is when it needs nothing
    /// escaped, HTML otherwise (the text's line breaks as `<br>`, white space a browser would fold as references).
    static func html(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard needsHTML(scalars) else { return text }
        var html = String.UnicodeScalarView()
        let isText = { (scalar: Unicode.Scalar) in !KMLText.isSpace(scalar) }
        // Whether the text holds something other than line feeds before and after an index.
        let firstContent = scalars.firstIndex { $0 != "\n" } ?? scalars.count
        let lastContent = scalars.lastIndex { $0 != "\n" } ?? -1
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": html.append(contentsOf: "&amp;".unicodeScalars)
            case "<": html.append(contentsOf: "&lt;".unicodeScalars)
            case ">": html.append(contentsOf: "&gt;".unicodeScalars)
            case "\n":
                let isInside = index > firstContent && index < lastContent
                html.append(contentsOf: (isInside ? "<br>" : "&#10;").unicodeScalars)
            case " ":
                // One space between two visible characters stays a space; any other would fold or vanish.
                let isBetween =
                    index > 0 && index + 1 < scalars.count && isText(scalars[index - 1]) && isText(scalars[index + 1])
                html.append(contentsOf: (isBetween ? " " : "&#32;").unicodeScalars)
            case "\t", "\r": html.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
            default: html.append(scalar)
            }
        }
        return String(html)
    }

    /// Whether `scalars` would not read back as they are: they hold a character HTML changes or folds.
    private static func needsHTML(_ scalars: [Unicode.Scalar]) -> Bool {
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&", "<", ">", "\t", "\r", "\n": return true
            case " " where index == 0 || index == scalars.count - 1 || scalars[index - 1] == " ": return true
            default: continue
            }
        }
        return false
    }
}
