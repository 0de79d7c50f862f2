/// How an owner's list keeps its order in the `position` column: integers with gaps, so that a move writes one
/// row, and renumbering a few neighbours only when no gap is left.
///
/// Positions lie in `0..<universe`. An empty list's first place gets `first` (the middle, leaving room on both
/// sides); a place added at the end gets the last position plus `spacing`, one moved to the front the first
/// position minus `spacing`, one moved between two places the position halfway between theirs. When two
/// neighbours have no free position between them, the smallest aligned range of positions around the insertion
/// point (of width 2^i) that is sparse enough — at most (2/T)^i places, T = `densityBase` — gets its places
/// evenly spread again, at most `spacing` apart (the list-labelling scheme of Bender et al., "Two simplified
/// algorithms for maintaining order in a list", 2002). That renumbers O(log² n) places per move amortized, and
/// in practice almost never: a place can be moved 32 times between the same two neighbours before any
/// renumbering, and the whole universe fits (2/T)^62 ≈ 4·10⁹ places.
package enum ListPositions {
    /// The number of bits positions use: they lie in `0..<universe`.
    package static let universeBits = 62
    /// One above the largest position.
    package static let universe: Int64 = 1 << universeBits
    /// The position of the first place of an empty list.
    package static let first: Int64 = 1 << (universeBits - 1)
    /// The gap between places added at the end, and the widest gap a renumbering leaves.
    package static let spacing: Int64 = 1 << 32
    /// T: a range of width 2^i is renumbered only if it holds at most (2/T)^i places.
    package static let densityBase = 1.4

    /// The most places a range of width 2^`level` may hold to be renumbered, for each level.
    package static let capacities: [Double] = (0...universeBits).map { level in
        var capacity = 1.0
        for _ in 0..<level { capacity *= 2 / densityBase }
        return capacity
    }

    /// A free position strictly between `before` and `after` (nil: the list's start or end), or nil if there is
    /// none.
    package static func free(after before: Int64?, before after: Int64?) -> Int64? {
        switch (before, after) {
        case (nil, nil):
            return first
        case (let before?, nil):
            return before < universe - spacing ? before + spacing : midpoint(before, universe)
        case (nil, let after?):
            return after >= spacing ? after - spacing : midpoint(-1, after)
        case (let before?, let after?):
            return midpoint(before, after)
        }
    }

    /// The position halfway between `low` and `high`, or nil if no integer lies strictly between them.
    private static func midpoint(_ low: Int64, _ high: Int64) -> Int64? {
        high - low >= 2 ? low + (high - low) / 2 : nil
    }
}
