/// A place's tags as one `ExtendedData` value: separated by `;`, a `;` or `\` inside a tag written `\;` or `\\`.
enum KMLTagList {
    /// One tag as it is written in the value: its `;` and `\` escaped.
    static func escaped(_ tag: String) -> String {
        guard tag.utf8.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\\") }) else { return tag }
        return tag.replacing("\\", with: "\\\\").replacing(";", with: "\\;")
    }

    /// The tags of `value`: split at each `;` not escaped, trimmed, blank ones left out. A backslash before
    /// anything but `;` or `\` is kept as it is.
    static func split(_ value: String) -> [String] {
        var tags: [String] = []
        var current = ""
        var isEscaped = false
        for character in value {
            if isEscaped {
                if character != ";" && character != "\\" { current.append("\\") }
                current.append(character)
                isEscaped = false
            } else if character == "\\" {
                isEscaped = true
            } else if character == ";" {
                tags.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if isEscaped { current.append("\\") }
        tags.append(current)
        return tags.map(KMLText.trimmed).filter { !$0.isEmpty }
    }
}
