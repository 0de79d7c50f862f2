/// An SVG document written as text, element by element, with attribute values and text escaped.
struct SVGDocument {
    /// The document so far.
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    /// The depth of open elements, for indentation.
    private var depth = 0

    /// Opens an element.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + Self.attributes(attributes) + ">\n"
        depth += 1
    }

    /// Closes the element opened last.
    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</" + name + ">\n"
    }

    /// An element with no children, or with `text` as its only child.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String? = nil) {
        text += indent + "<" + name + Self.attributes(attributes)
        if let content {
            text += ">" + Self.escaped(content) + "</" + name + ">\n"
        } else {
            text += "/>\n"
        }
    }

    /// Two spaces a level.
    private var indent: String { String(repeating: "  ", count: depth) }

    /// ` name="value"` for each attribute.
    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// `text` with XML's special characters as references and characters XML 1.0 forbids dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
