import PlacesModel

/// Changes to a subtree. Each takes the node's array out of `self` first, so that the array is unique (and
/// changes in place) unless a snapshot shares it.
extension PlaceTreeNode {
    /// Inserts `slot` so that it is at `index` (in `0...count`); returns the new right sibling if the node split.
    package mutating func insert(_ slot: PlaceSlot, at index: Int) -> PlaceTreeChild? {
        switch self {
        case .leaf(var slots):
            self = .empty
            slots.insert(slot, at: index)
            let split = TreeArrays.split(&slots, capacity: PlaceTreeNode.leafCapacity, grewAt: index)
            self = .leaf(slots)
            return split.map { PlaceTreeChild(.leaf($0)) }
        case .branch(var children):
            self = .empty
            var child = 0
            var rest = index
            // A place between two children goes at the end of the left one; at the very end, into the last.
            while rest > children[child].count {
                rest -= children[child].count
                child += 1
            }
            let sibling = children[child].node.insert(slot, at: rest)
            children[child].count += 1
            if rest == 0 {
                children[child].firstPosition = slot.position
            }
            if let sibling {
                children[child].count -= sibling.count
                children.insert(sibling, at: child + 1)
            }
            let split = TreeArrays.split(&children, capacity: PlaceTreeNode.branchCapacity, grewAt: child + 1)
            self = .branch(children)
            return split.map { PlaceTreeChild(.branch($0)) }
        }
    }

    /// Removes and returns the slot at `index`, which must be in the subtree; the node may end up below its
    /// minimum width, which its parent then repairs.
    package mutating func remove(at index: Int) -> PlaceSlot {
        switch self {
        case .leaf(var slots):
            self = .empty
            let removed = slots.remove(at: index)
            self = .leaf(slots)
            return removed
        case .branch(var children):
            self = .empty
            let (child, rest) = PlaceTreeNode.locate(index, in: children)
            let removed = children[child].node.remove(at: rest)
            children[child].count -= 1
            if children[child].count == 0 {
                // An empty child has no first position to search by: merged into a neighbour, its stale one
                // would send searches for the places before it into it.
                children.remove(at: child)
            } else {
                children[child].firstPosition = children[child].node.firstPosition
                TreeArrays.repair(&children, around: child)
            }
            self = .branch(children)
            return removed
        }
    }

    /// Changes the slot at `index`, which must be in the subtree, with `change`, and returns its position: a
    /// child's first slot that moved gives the child's entry its new first position. The caller keeps the
    /// positions increasing along the list.
    @discardableResult
    package mutating func updateSlot(at index: Int, _ change: (inout PlaceSlot) -> Void) -> Int64 {
        switch self {
        case .leaf(var slots):
            self = .empty
            change(&slots[index])
            let position = slots[index].position
            self = .leaf(slots)
            return position
        case .branch(var children):
            self = .empty
            let (child, rest) = PlaceTreeNode.locate(index, in: children)
            let position = children[child].node.updateSlot(at: rest, change)
            if rest == 0 {
                children[child].firstPosition = position
            }
            self = .branch(children)
            return position
        }
    }
}

extension PlaceTreeNode: BalancedTreeNode {
    var entries: [PlaceSlot]? { if case .leaf(let entries) = self { entries } else { nil } }
    var children: [PlaceTreeChild]? { if case .branch(let children) = self { children } else { nil } }
}

extension PlaceTreeChild: BalancedTreeChild {}
