/// A branch's reference to one child, with what finding a place by index or by position needs to know about it.
@usableFromInline
package struct PlaceTreeChild: Sendable {
    /// The subtree.
    @usableFromInline var node: PlaceTreeNode
    /// The number of places in the subtree.
    @usableFromInline var count: Int
    /// The position of the subtree's first place.
    package var firstPosition: Int64

    /// Describes `node`, which must hold at least one place.
    package init(_ node: PlaceTreeNode) {
        self.node = node
        self.count = node.count
        self.firstPosition = node.firstPosition
    }
}
