import PlacesModel

/// Changes to a subtree. Each takes the node's array out of `self` first, so that the array is unique (and
/// changes in place) unless a snapshot shares it.
extension PlaceTreeNode {
    /// Inserts `slot` so that it is at `index` (in `0...count`); returns the new right sibling if the node split.
    mutating func insert(_ slot: PlaceSlot, at index: Int) -> PlaceTreeChild? {
        switch self {
        case .leaf(var slots):
            self = .empty
            slots.insert(slot, at: index)
            let (kept, split) = PlaceTreeNode.split(&slots, capacity: PlaceTreeNode.leafCapacity, grewAt: index)
            self = .leaf(kept)
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
            let (kept, split) = PlaceTreeNode.split(
                &children, capacity: PlaceTreeNode.branchCapacity, grewAt: child + 1)
            self = .branch(kept)
            return split.map { PlaceTreeChild(.branch($0)) }
        }
    }

    /// Removes and returns the slot at `index`, which must be in the subtree; the node may end up below its
    /// minimum width, which its parent then repairs.
    mutating func remove(at index: Int) -> PlaceSlot {
        switch self {
        case .leaf(var slots):
            self = .empty
            let removed = slots.remove(at: index)
            self = .leaf(slots)
            return removed
        case .branch(var children):
            self = .empty
            var child = 0
            var rest = index
            while rest >= children[child].count {
                rest -= children[child].count
                child += 1
            }
            let removed = children[child].node.remove(at: rest)
            children[child].count -= 1
            if children[child].count > 0 {
                children[child].firstPosition = children[child].node.firstPosition
            }
            if children[child].node.width < PlaceTreeNode.minimumWidth(of: children[child].node), children.count > 1 {
                PlaceTreeNode.repair(&children, around: child)
            }
            self = .branch(children)
            return removed
        }
    }

    /// Replaces the place at `index`, which must be in the subtree; its position and row stay.
    mutating func replace(at index: Int, with place: Place) {
        switch self {
        case .leaf(var slots):
            self = .empty
            slots[index].place = place
            self = .leaf(slots)
        case .branch(var children):
            self = .empty
            var child = 0
            var rest = index
            while rest >= children[child].count {
                rest -= children[child].count
                child += 1
            }
            children[child].node.replace(at: rest, with: place)
            self = .branch(children)
        }
    }

    /// A node with fewer slots or children than this is merged with or refilled from a neighbour: a quarter of
    /// the capacity keeps the tree shallow without moving slots back and forth on alternating inserts and removals.
    private static func minimumWidth(of node: PlaceTreeNode) -> Int {
        switch node {
        case .leaf: leafCapacity / 4
        case .branch: branchCapacity / 4
        }
    }

    /// Splits `elements` if it outgrew `capacity`: keeps the left part in `elements` and returns the right one.
    ///
    /// A node that grew at its end (appends) keeps everything but the new element, so that a list built by
    /// appending has full nodes; otherwise it splits in halves.
    private static func split<Element>(
        _ elements: inout [Element], capacity: Int, grewAt index: Int
    ) -> ([Element], [Element]?) {
        guard elements.count > capacity else { return (elements, nil) }
        let cut = index == elements.count - 1 ? elements.count - 1 : elements.count / 2
        let right = Array(elements[cut...])
        elements.removeSubrange(cut...)
        return (elements, right)
    }

    /// Merges the underfull child at `child` with a neighbour, or evens the two out if together they overflow.
    private static func repair(_ children: inout [PlaceTreeChild], around child: Int) {
        let left = child == children.count - 1 ? child - 1 : child
        let right = left + 1
        let merged: [PlaceTreeNode]
        switch (children[left].node, children[right].node) {
        case (.leaf(let first), .leaf(let second)):
            merged = rejoin(first, second, capacity: leafCapacity).map { .leaf($0) }
        case (.branch(let first), .branch(let second)):
            merged = rejoin(first, second, capacity: branchCapacity).map { .branch($0) }
        default:
            preconditionFailure("PlaceList edited after chaining lists of different depths")
        }
        children.replaceSubrange(left...right, with: merged.map { PlaceTreeChild($0) })
    }

    /// One array if `first` and `second` fit in `capacity` together, else two of equal size.
    private static func rejoin<Element>(_ first: [Element], _ second: [Element], capacity: Int) -> [[Element]] {
        let all = first + second
        guard all.count > capacity else { return [all] }
        return [Array(all[..<(all.count / 2)]), Array(all[(all.count / 2)...])]
    }
}
