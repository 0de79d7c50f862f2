/// Finding and changing places by their stored position; the positions must increase along the subtree.
extension PlaceTreeNode {
    /// The number of places whose position is below `position`: the index of the first one at or above it.
    package func count(below position: Int64) -> Int {
        switch self {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { slots in slots.partitioningIndex { $0.position >= position } }
        case .branch(let children):
            return children.withUnsafeBufferPointer { children in
                // The last child whose first position is below `position`; the ones before it are wholly below.
                let low = children.partitioningIndex { $0.firstPosition >= position }
                guard low > 0 else { return 0 }
                var before = 0
                for child in children[..<(low - 1)] {
                    before += child.count
                }
                return before + children[low - 1].node.count(below: position)
            }
        }
    }
}
