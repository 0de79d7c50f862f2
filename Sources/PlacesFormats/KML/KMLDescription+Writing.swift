extension KMLDescription {
    /// `text` as a description that `plainText(_:)` reads back unchanged: as it is when it needs nothing
    /// escaped, HTML otherwise (the text's line breaks as `<br>`, white space a browser would fold as references).
    static func html(_ text: String) -> String {
        guard needsHTML(text) else { return text }
        let scalars = Array(text.unicodeScalars)
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

    /// Whether `text` would not read back as it is: it holds a character HTML changes or folds. (They are all
    /// ASCII, so its UTF-8 bytes tell, without decoding it.)
    private static func needsHTML(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // A space first counts as one after another.
            var previous = UInt8(ascii: " ")
            for byte in bytes {
                // Every character that matters lies at or below `>`: most bytes are decided at once.
                if byte > UInt8(ascii: ">") {
                    previous = byte
                    continue
                }
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\t"), UInt8(ascii: "\r"),
                    UInt8(ascii: "\n"):
                    return true
                case UInt8(ascii: " ") where previous == UInt8(ascii: " "): return true
                default: previous = byte
                }
            }
            // A space last.
            return previous == UInt8(ascii: " ") && !bytes.isEmpty
        }
    }
}
