/// A KML `description`, which KML renders as HTML, turned into a place's plain text and back.
///
/// Reading: a description is HTML when it holds a tag of a common HTML element (`<br>`, `<p>`, `<a …>`, `</div>`)
/// or a character reference (`&amp;`, `&#233;`); any other description is kept exactly as written. Of HTML, the
/// text is kept: tags are removed (with what `script` and `style` hold), `<br>` is a line break, the end of a
/// block (`p`, `div`, `li`, `tr`, a heading) is one too, white space runs are one space as a browser shows them,
/// and references are decoded; breaks and spaces at the start and end are dropped.
///
/// Writing does the reverse so that a description comes back unchanged and shows as written in Google Earth: text
/// with no `&`, `<`, `>`, tab, carriage return, line feed, space at either end or doubled space is written as
/// it is; other text is written as HTML, line breaks as `<br>`.
enum KMLDescription {
    /// The elements whose tags make a description HTML.
    private static let htmlElements: Set<String> = [
        "a", "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "font", "h1",
        "h2", "h3", "h4", "h5", "h6", "head", "hr", "html", "i", "img", "li", "ol", "p", "pre", "s", "small", "span",
        "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "u", "ul",
    ]
    /// The elements whose end (or start) is a line break.
    private static let blockElements: Set<String> = [
        "blockquote", "dd", "div", "dl", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "li", "ol", "p", "pre",
        "table", "tr", "ul",
    ]
    /// The elements whose contents are not text.
    private static let hiddenElements: Set<String> = ["script", "style", "head"]

    /// The longest description read as HTML; a longer one is kept as written (and refused as too long).
    private static let maximumHTMLLength = 1 << 16
    /// How far a tag's `>` is looked for.
    private static let maximumTagLength = 1024

    /// The plain text of the description `text`.
    static func plainText(_ text: String) -> String {
        // Without a `<` or a `&` it holds neither a tag nor a reference: no need to decode it.
        var bytes = text
        let isPlain = bytes.withUTF8 { !$0.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") } }
        guard !isPlain else { return text }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maximumHTMLLength, isHTML(scalars) else { return text }
        var output = HTMLTextOutput()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = tag(in: scalars, at: index) {
                index = tag.end
                if tag.name == "br" {
                    output.breaks += 1
                } else if blockElements.contains(tag.name) {
                    output.breaks = max(output.breaks, 1)
                } else if hiddenElements.contains(tag.name), !tag.isClosing {
                    index = end(of: tag.name, in: scalars, from: index)
                }
            } else if scalar == "&", let reference = HTMLEntities.decode(scalars, at: index) {
                output.append(reference.text)
                index = reference.end
            } else {
                if KMLText.isSpace(scalar) { output.hasSpace = true } else { output.append(scalar) }
                index += 1
            }
        }
        return output.text
    }

    /// Whether `scalars` hold a tag of an HTML element or a character reference.
    private static func isHTML(_ scalars: [Unicode.Scalar]) -> Bool {
        for (index, scalar) in scalars.enumerated() {
            if scalar == "<", let tag = tag(in: scalars, at: index), htmlElements.contains(tag.name) { return true }
            if scalar == "&", HTMLEntities.decode(scalars, at: index) != nil { return true }
        }
        return false
    }

    /// The tag starting at `start` (a `<`): its element's name in lower case (empty for a comment or a
    /// declaration), whether it closes the element, and the index past its `>`; nil when none starts there.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (name: String, isClosing: Bool, end: Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "!" {
            let isComment = index + 2 < scalars.count && scalars[index + 1] == "-" && scalars[index + 2] == "-"
            let closing = isComment ? "-->" : ">"
            guard let end = find(closing, in: scalars, from: index, within: maximumHTMLLength) else { return nil }
            return ("", false, end + closing.unicodeScalars.count)
        }
        let isClosing = scalars[index] == "/"
        if isClosing { index += 1 }
        var name = String.UnicodeScalarView()
        while index < scalars.count, isASCIILetter(scalars[index]) || ("0"..."9").contains(scalars[index]) {
            name.append(scalars[index])
            index += 1
        }
        guard let first = name.first, isASCIILetter(first), index < scalars.count,
            scalars[index] == ">" || scalars[index] == "/" || KMLText.isSpace(scalars[index]),
            let end = find(">", in: scalars, from: index, within: maximumTagLength)
        else { return nil }
        return (String(name).lowercased(), isClosing, end + 1)
    }

    /// The index past the closing tag of `name` at or after `start`, or the end of `scalars`.
    private static func end(of name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while let open = find("<", in: scalars, from: index, within: maximumHTMLLength) {
            if let tag = tag(in: scalars, at: open), tag.isClosing, tag.name == name { return tag.end }
            index = open + 1
        }
        return scalars.count
    }

    /// The index of the first `needle` at or after `start` and before `start + limit`.
    private static func find(_ needle: String, in scalars: [Unicode.Scalar], from start: Int, within limit: Int)
        -> Int?
    {
        let wanted = Array(needle.unicodeScalars)
        let last = min(scalars.count - wanted.count, start + limit)
        guard start <= last else { return nil }
        for index in start...last
        where scalars[index..<(index + wanted.count)].elementsEqual(wanted) {
            return index
        }
        return nil
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
