/// The HTML character references a KML description may hold, decoded.
enum HTMLEntities {
    /// The named references decoded: XML's five, and the ones Google's and others' descriptions use.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "shy": "", "copy": "©", "reg": "®",
        "trade": "™", "deg": "°", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§",
        "para": "¶", "middot": "·", "bull": "•", "times": "×", "divide": "÷", "auml": "ä", "ouml": "ö", "uuml": "ü",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "eacute": "é", "egrave": "è", "agrave": "à",
        "ccedil": "ç", "ntilde": "ñ",
    ]
    /// The longest reference read, `&` and `;` excluded.
    private static let maximumLength = 10

    /// The text the reference starting at `start` (an `&`) of `scalars` stands for, and the index past its `;`;
    /// nil when no known reference starts there.
    static func decode(_ scalars: [Unicode.Scalar], at start: Int) -> (text: String, end: Int)? {
        var end = start + 1
        while end < scalars.count, end - start <= maximumLength + 1, scalars[end] != ";" { end += 1 }
        guard end < scalars.count, scalars[end] == ";", end > start + 1 else { return nil }
        let name = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        if let text = named[name] { return (text, end + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32? =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (String(scalar), end + 1)
    }
}
