/// Builds a `PlaceList` from slots in list order with full leaves, bottom up: much faster than inserting a
/// million slots one by one.
package struct PlaceListBuilder {
    private var leaves: [PlaceTreeChild] = []
    private var current: [PlaceSlot] = []
    /// The number of slots appended.
    private(set) var count = 0
    /// The position of the last slot appended, or nil.
    private(set) var lastPosition: Int64?

    /// Creates an empty builder.
    package init() {
        current.reserveCapacity(PlaceTreeNode.leafCapacity)
    }

    /// Adds `slot` after the others.
    package mutating func append(_ slot: PlaceSlot) {
        current.append(slot)
        count += 1
        lastPosition = slot.position
        if current.count == PlaceTreeNode.leafCapacity {
            leaves.append(PlaceTreeChild(.leaf(current)))
            current = []
            current.reserveCapacity(PlaceTreeNode.leafCapacity)
        }
    }

    /// The list of every slot appended.
    package consuming func build() -> PlaceList {
        if !current.isEmpty {
            leaves.append(PlaceTreeChild(.leaf(current)))
        }
        var level = leaves
        while level.count > 1 {
            // As many branches as needed, sharing the children evenly, so that none is underfull.
            let branches = (level.count + PlaceTreeNode.branchCapacity - 1) / PlaceTreeNode.branchCapacity
            var parents: [PlaceTreeChild] = []
            parents.reserveCapacity(branches)
            var start = 0
            for branch in 0..<branches {
                let end = level.count * (branch + 1) / branches
                parents.append(PlaceTreeChild(.branch(Array(level[start..<end]))))
                start = end
            }
            level = parents
        }
        return PlaceList(root: level.first?.node ?? .empty, count: count)
    }
}
