/// A spatial branch's reference to one child, with what searching and editing need to know about it.
package struct SpatialChild: Sendable {
    /// The subtree.
    package var node: SpatialNode
    /// Where the subtree's first entry is in curve order: where entries are looked for and inserted.
    package var first: SpatialOrder
    /// The box around every entry of the subtree.
    package var box: GeoBox
    /// The smallest list position in the subtree: what breaks a tie of distances in favour of the earlier place.
    package var minimumPosition: Int64
    /// The number of entries in the subtree: what `places.density` adds for a subtree inside one cell. 32 bits, as
    /// is `visitedCount`, so that the two take one word and a child 72 bytes (no owner holds 2³² places).
    package var count: UInt32
    /// The number of visited places in the subtree.
    package var visitedCount: UInt32

    /// Describes `node`, which must hold at least one entry.
    package init(_ node: SpatialNode) {
        self.node = node
        (first, box, minimumPosition, count, visitedCount) = node.summary
    }

    /// Takes `entry`, just inserted into the subtree without splitting it, into the description.
    mutating func include(_ entry: SpatialEntry) {
        first = min(first, entry.order)
        box.formUnion(entry)
        minimumPosition = min(minimumPosition, entry.position)
        count += 1
        if entry.isVisited { visitedCount += 1 }
    }
}
