/// Changes to a spatial subtree. Each takes the node's array out of `self` first, so that the array is unique (and
/// changes in place) unless a snapshot shares it.
extension SpatialNode {
    /// Inserts `entry` in curve order; returns the new right sibling if the node split.
    package mutating func insert(_ entry: SpatialEntry) -> SpatialChild? {
        switch self {
        case .leaf(var entries):
            self = .empty
            let slot = SpatialNode.slot(of: entry, in: entries)
            entries.insert(entry, at: slot)
            let split = TreeArrays.split(&entries, capacity: SpatialNode.leafCapacity, grewAt: slot)
            self = .leaf(entries)
            return split.map { SpatialChild(.leaf($0)) }
        case .branch(var children):
            self = .empty
            let child = max(SpatialNode.child(holding: entry, in: children), 0)
            let sibling = children[child].node.insert(entry)
            if let sibling {
                children[child] = SpatialChild(children[child].node)
                children.insert(sibling, at: child + 1)
            } else {
                children[child].include(entry)
            }
            let split = TreeArrays.split(&children, capacity: SpatialNode.branchCapacity, grewAt: child + 1)
            self = .branch(children)
            return split.map { SpatialChild(.branch($0)) }
        }
    }

    /// Removes the entry with `entry`'s key and position; returns whether it was there. The node may end up below
    /// its minimum width (or empty), which its parent then repairs.
    package mutating func remove(_ entry: SpatialEntry) -> Bool {
        switch self {
        case .leaf(var entries):
            let slot = SpatialNode.slot(of: entry, in: entries)
            guard slot < entries.count, entries[slot] == entry else { return false }
            self = .empty
            entries.remove(at: slot)
            self = .leaf(entries)
            return true
        case .branch(var children):
            let child = SpatialNode.child(holding: entry, in: children)
            guard child >= 0 else { return false }
            self = .empty
            let removed = children[child].node.remove(entry)
            if removed {
                if children[child].node.width == 0 {
                    children.remove(at: child)
                } else {
                    children[child] = SpatialChild(children[child].node)
                    TreeArrays.repair(&children, around: child)
                }
            }
            self = .branch(children)
            return removed
        }
    }

    /// The index of the last child whose first entry is not after `entry`, or -1 if `entry` comes before all.
    package static func child(holding entry: SpatialEntry, in children: [SpatialChild]) -> Int {
        children.partitioningIndex { $0.first > entry.order } - 1
    }

    /// The index of the first entry not before `entry`.
    private static func slot(of entry: SpatialEntry, in entries: [SpatialEntry]) -> Int {
        entries.partitioningIndex { $0 >= entry }
    }
}

extension SpatialNode: BalancedTreeNode {
    var entries: [SpatialEntry]? { if case .leaf(let entries) = self { entries } else { nil } }
    var children: [SpatialChild]? { if case .branch(let children) = self { children } else { nil } }
}

extension SpatialChild: BalancedTreeChild {}
