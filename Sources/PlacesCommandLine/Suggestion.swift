/// "Did you mean …?" for a mistyped command or option, as git does: the known words closest to what was typed.
///
/// Closeness is the optimal string alignment distance (insertions, deletions, substitutions and swaps of two
/// neighbours each count one), so `lsit` is one step from `list`. A word is offered only when it is at most two
/// steps away and fewer steps than half its length, so that `ls` does not suggest every two-letter word; when
/// nothing is that close, a word that the typed text is the start of (`rem` for `remove`) is offered if only one
/// is.
public enum Suggestion {
    /// The most steps a suggestion may be from what was typed.
    public static let maximumDistance = 2

    /// The words of `candidates` closest to `typed`, in their given order; empty when none is close enough.
    public static func closest(to typed: String, among candidates: [String]) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        var best: [String] = []
        var bestDistance = Int.max
        for candidate in candidates where candidate != typed {
            let characters = Array(candidate.lowercased())
            let distance = Self.distance(typedCharacters, characters)
            guard distance <= maximumDistance, distance * 2 < characters.count else { continue }
            if distance < bestDistance {
                best = [candidate]
                bestDistance = distance
            } else if distance == bestDistance, !best.contains(candidate) {
                best.append(candidate)
            }
        }
        if best.isEmpty, !typed.isEmpty {
            let extensions = candidates.filter { $0.hasPrefix(typed) && $0 != typed }
            if extensions.count == 1 {
                return extensions
            }
        }
        return best
    }

    /// `; did you mean 'list'?` (or `'a' or 'b'`); empty when nothing is close.
    public static func hint(for typed: String, among candidates: [String]) -> String {
        phrase(for: closest(to: typed, among: candidates))
    }

    /// `; did you mean 'a' or 'b'?` for words already chosen; empty for none.
    public static func phrase(for suggestions: [String]) -> String {
        let words = suggestions.map { "'\($0)'" }
        guard let last = words.last else { return "" }
        let listed = words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
        return "; did you mean \(listed)?"
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previousRow = [Int](0...b.count)
        var earlierRow = previousRow
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], earlierRow[j - 2] + 1)
                }
            }
            earlierRow = previousRow
            previousRow = row
        }
        return previousRow[b.count]
    }
}
