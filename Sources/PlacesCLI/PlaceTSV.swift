import PlacesProtocol

/// `placesctl list --format tsv`: tab-separated values for scripts, one place per line after a header line of
/// the fields' names (`id	name	latitude…`), as `--fields` chose them.
///
/// Nothing is cut or shortened: the whole id, `true`/`false` for visited, coordinates as entered. A field's
/// backslashes, tabs, newlines and carriage returns are escaped as `\\`, `\t`, `\n` and `\r` (PostgreSQL's text
/// format), so each place stays on its line and each field between its tabs.
enum PlaceTSV {
    /// The header line and one line per place.
    static func render(_ places: [WirePlace], columns: [PlaceColumn]) -> String {
        var output = columns.map(\.rawValue).joined(separator: "\t") + "\n"
        for place in places {
            output += columns.map { escaped($0.value(place)) }.joined(separator: "\t") + "\n"
        }
        return output
    }

    /// `text` with backslash, tab, newline and carriage return escaped.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0.isNewline }) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
