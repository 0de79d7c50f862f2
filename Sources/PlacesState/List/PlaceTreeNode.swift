import PlacesModel

/// A node of the persistent, counted B-tree behind `PlaceList`: a leaf of slots, or a branch of children.
///
/// Nodes are values: a change copies the path from the root to one leaf (a few hundred references) unless no
/// snapshot shares it, in which case it changes in place. Every leaf of an owner's list is at the same depth, and
/// positions increase from leaf to leaf; a list chaining several owners' lists is only for reading.
@usableFromInline
package enum PlaceTreeNode: Sendable {
    /// Slots in list order.
    case leaf([PlaceSlot])
    /// Children in list order.
    case branch([PlaceTreeChild])

    /// The most slots in a leaf: small enough that copying one (with a retain per string) stays cheap.
    package static let leafCapacity = 32
    /// The most children of a branch.
    package static let branchCapacity = 16

    /// An empty leaf.
    package static var empty: PlaceTreeNode { .leaf([]) }

    /// The number of places in the subtree (O(branch) for a branch).
    package var count: Int {
        switch self {
        case .leaf(let slots): slots.count
        case .branch(let children): children.reduce(0) { $0 + $1.count }
        }
    }

    /// The number of slots or children of this node.
    package var width: Int {
        switch self {
        case .leaf(let slots): slots.count
        case .branch(let children): children.count
        }
    }

    /// The position of the first place; the subtree must not be empty.
    package var firstPosition: Int64 {
        switch self {
        case .leaf(let slots): slots[0].position
        case .branch(let children): children[0].firstPosition
        }
    }

    /// The slot at `index`, which must be in the subtree.
    @usableFromInline
    package func slot(at index: Int) -> PlaceSlot {
        // Reads through buffer pointers, so that a lookup retains no node: retaining is an atomic write to memory
        // that readers on other threads and the writer all touch.
        switch self {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { $0[index] }
        case .branch(let children):
            return children.withUnsafeBufferPointer { children in
                let (child, rest) = PlaceTreeNode.locate(index, in: children)
                return children[child].node.slot(at: rest)
            }
        }
    }

    /// The child of a branch holding the place at `index` (which must be in the branch), and the place's index
    /// within that child.
    package static func locate<Children: RandomAccessCollection<PlaceTreeChild>>(
        _ index: Int, in children: Children
    ) -> (child: Int, rest: Int) where Children.Index == Int {
        var child = children.startIndex
        var rest = index
        while rest >= children[child].count {
            rest -= children[child].count
            child += 1
        }
        return (child, rest)
    }

    /// The index of the place stored at `position`, or nil; the positions must increase along the subtree.
    package func index(ofPosition position: Int64) -> Int? {
        switch self {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { PlaceTreeNode.index(ofPosition: position, in: $0) }
        case .branch(let children):
            return children.withUnsafeBufferPointer { children -> Int? in
                // The last child whose first position is not above `position`.
                let low = children.partitioningIndex { $0.firstPosition > position }
                guard low > 0 else { return nil }
                guard let offset = children[low - 1].node.index(ofPosition: position) else { return nil }
                // Indexing reads each count in place; iterating would copy (and retain) every child.
                var before = 0
                for child in 0..<(low - 1) {
                    before += children[child].count
                }
                return before + offset
            }
        }
    }

    /// The slot stored at `position`, or nil; the positions must increase along the subtree. One descent, like
    /// `slot(at:)`, through pointers into the nodes' storage so that no node is retained on the way (a retain is
    /// an atomic write to a node other threads read, and a cache miss of its own in a large list).
    package func slot(ofPosition position: Int64) -> PlaceSlot? {
        switch self {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { PlaceTreeNode.slot(ofPosition: position, in: $0) }
        case .branch(let children):
            return children.withUnsafeBufferPointer { PlaceTreeNode.slot(ofPosition: position, under: $0) }
        }
    }

    /// `slot(ofPosition:)` under a branch's children.
    private static func slot(ofPosition position: Int64, under children: UnsafeBufferPointer<PlaceTreeChild>)
        -> PlaceSlot?
    {
        let low = children.partitioningIndex { $0.firstPosition > position }
        guard low > 0, let first = children.baseAddress else { return nil }
        let child = first + (low - 1)
        switch child.pointee.node {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { slot(ofPosition: position, in: $0) }
        case .branch(let grandchildren):
            return grandchildren.withUnsafeBufferPointer { slot(ofPosition: position, under: $0) }
        }
    }

    /// `slot(ofPosition:)` in a leaf's slots.
    private static func slot(ofPosition position: Int64, in slots: UnsafeBufferPointer<PlaceSlot>) -> PlaceSlot? {
        index(ofPosition: position, in: slots).map { slots[$0] }
    }

    /// The position of the last place, or nil if the subtree is empty. Read through buffer pointers, like
    /// `slot(at:)`, so that no node (and no place) is retained on the way down.
    package var lastPosition: Int64? {
        switch self {
        case .leaf(let slots): slots.withUnsafeBufferPointer { $0.isEmpty ? nil : $0[$0.count - 1].position }
        case .branch(let children):
            children.withUnsafeBufferPointer { $0.isEmpty ? nil : $0[$0.count - 1].node.lastPosition }
        }
    }

    /// The offset of `position` in `slots`, or nil.
    private static func index(ofPosition position: Int64, in slots: UnsafeBufferPointer<PlaceSlot>) -> Int? {
        guard let first = slots.first?.position, first <= position else { return nil }
        // Positions are usually `ListPositions.spacing` apart within a leaf (other gaps come from removals and
        // moves), so try the offset that gives before searching: a place at offset i has a position of at least
        // first + i.
        let spaced = (position - first) / ListPositions.spacing
        if spaced < slots.count, slots[Int(spaced)].position == position {
            return Int(spaced)
        }
        let guess = position - first
        if guess < slots.count, slots[Int(guess)].position == position {
            return Int(guess)
        }
        let low = slots[..<Swift.min(slots.count, Int(clamping: guess))].partitioningIndex { $0.position >= position }
        return low < slots.count && slots[low].position == position ? low : nil
    }
}

extension PlaceTreeNode {
    /// Calls `body` with each leaf's slots, in order.
    @inlinable func forEachLeaf(_ body: ([PlaceSlot]) throws -> Void) rethrows {
        switch self {
        case .leaf(let slots):
            try body(slots)
        case .branch(let children):
            for child in children {
                try child.node.forEachLeaf(body)
            }
        }
    }
}
