import Foundation

/// A manual page's roff source, read for the options it names.
struct ManPage {
    /// The lines of the page.
    let lines: [String]

    /// Reads `man/NAME` from the repository.
    init(_ name: String) throws {
        lines = try String(contentsOfFile: Shell.root + "/man/" + name, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The lines of section `.SH NAME`, up to the next section.
    func section(_ name: String) -> [String] {
        guard let start = lines.firstIndex(where: { $0 == ".SH \(name)" || $0 == ".SH \"\(name)\"" }) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".SH ") })
    }

    /// The paragraphs of a section that start with `.TP`: each its heading line and the lines after it.
    static func taggedParagraphs(_ section: [String]) -> [(heading: String, text: String)] {
        var paragraphs: [(heading: String, text: String)] = []
        var index = 0
        while index < section.count {
            defer { index += 1 }
            guard section[index] == ".TP", index + 1 < section.count else { continue }
            let heading = section[index + 1]
            let body = section[(index + 2)...].prefix { $0 != ".TP" }
            paragraphs.append((heading, ([heading] + body).joined(separator: "\n")))
        }
        return paragraphs
    }

    /// The long options roff `text` names (`\-\-if\-version` gives `--if-version`).
    static func longOptions(in text: String) -> Set<String> {
        let pattern = #/\\-\\-((?:[a-z]|\\-)+)/#
        return Set(text.matches(of: pattern).map { "--" + $0.output.1.replacing("\\-", with: "-") })
    }

    /// Whether roff `text` names the option spelled `name` (`-o` not as part of `--output`).
    static func names(_ name: String, in text: String) -> Bool {
        let escaped = name.replacing("-", with: "\\-")
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: escaped, range: searchRange) {
            let before = text[text.startIndex..<found.lowerBound]
            let after = text[found.upperBound...]
            let isPartOfLonger = before.hasSuffix("\\-") || after.first.map { $0.isLetter || $0 == "\\" } == true
            if !isPartOfLonger { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    /// The command a paragraph heading of placesctl(1) describes: its first word (`.BI "add " NAME` gives `add`).
    static func command(ofHeading heading: String) -> String? {
        let words = heading.split(separator: " ", maxSplits: 2)
        guard words.count > 1 else { return nil }
        return String(words[1].drop { $0 == "\"" }.prefix { $0 != "\"" })
    }
}
