/// Finding and changing places by their stored position; the positions must increase along the subtree.
extension PlaceTreeNode {
    /// The number of places whose position is below `position`: the index of the first one at or above it.
    func count(below position: Int64) -> Int {
        switch self {
        case .leaf(let slots):
            return slots.withUnsafeBufferPointer { slots in
                var low = 0
                var high = slots.count
                while low < high {
                    let middle = (low + high) / 2
                    if slots[middle].position < position {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                return low
            }
        case .branch(let children):
            return children.withUnsafeBufferPointer { children in
                // The last child whose first position is below `position`; the ones before it are wholly below.
                var low = 0
                var high = children.count
                while low < high {
                    let middle = (low + high) / 2
                    if children[middle].firstPosition < position {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                guard low > 0 else { return 0 }
                var before = 0
                for child in children[..<(low - 1)] {
                    before += child.count
                }
                return before + children[low - 1].node.count(below: position)
            }
        }
    }

    /// Gives the place at `index`, which must be in the subtree, the position `position`; the caller keeps the
    /// positions increasing along the list once it is done.
    mutating func setPosition(_ position: Int64, at index: Int) {
        switch self {
        case .leaf(var slots):
            self = .empty
            slots[index].position = position
            self = .leaf(slots)
        case .branch(var children):
            self = .empty
            var child = 0
            var rest = index
            while rest >= children[child].count {
                rest -= children[child].count
                child += 1
            }
            children[child].node.setPosition(position, at: rest)
            if rest == 0 {
                children[child].firstPosition = position
            }
            self = .branch(children)
        }
    }
}
