/// A spatial branch's reference to one child, with what searching and editing need to know about it.
struct SpatialChild: Sendable {
    /// The subtree.
    var node: SpatialNode
    /// The subtree's first entry, in curve order: where entries are looked for and inserted.
    var first: SpatialEntry
    /// The box around every entry of the subtree.
    var box: GeoBox
    /// The smallest list position in the subtree: what breaks a tie of distances in favour of the earlier place.
    var minimumPosition: Int64

    /// Describes `node`, which must hold at least one entry.
    init(_ node: SpatialNode) {
        self.node = node
        (first, box, minimumPosition) = node.summary
    }
}
