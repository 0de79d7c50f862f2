/// A node of a `SpatialIndex`: a leaf of entries in curve order, or a branch of children in curve order, each
/// child with the box around its places (a Hilbert R-tree kept as a persistent B-tree).
///
/// Nodes are values, as in `PlaceTreeNode`: a change copies the path from the root to one leaf unless no
/// snapshot shares it. Every leaf is at the same depth.
package enum SpatialNode: Sendable {
    /// Entries in curve order.
    case leaf([SpatialEntry])
    /// Children in curve order.
    case branch([SpatialChild])

    /// The most entries in a leaf.
    package static let leafCapacity = 32
    /// The most children of a branch.
    package static let branchCapacity = 16

    /// An empty leaf.
    package static var empty: SpatialNode { .leaf([]) }

    /// The number of entries or children of this node.
    package var width: Int {
        switch self {
        case .leaf(let entries): entries.count
        case .branch(let children): children.count
        }
    }

    /// What a parent keeps of a child: where its first entry is in curve order, the box around all its entries,
    /// their smallest position, their number and how many of them are visited.
    package typealias Summary = (
        first: SpatialOrder, box: GeoBox, minimumPosition: Int64, count: UInt32, visitedCount: UInt32
    )

    /// The node's `Summary`; the node must not be empty.
    package var summary: Summary {
        switch self {
        case .leaf(let entries):
            var box = GeoBox(entries[0])
            var minimumPosition = entries[0].position
            var visitedCount: UInt32 = 0
            for entry in entries {
                box.formUnion(entry)
                minimumPosition = min(minimumPosition, entry.position)
                if entry.isVisited { visitedCount += 1 }
            }
            return (entries[0].order, box, minimumPosition, UInt32(entries.count), visitedCount)
        case .branch(let children):
            var box = children[0].box
            var minimumPosition = children[0].minimumPosition
            var count: UInt32 = 0
            var visitedCount: UInt32 = 0
            for child in children {
                box.formUnion(child.box)
                minimumPosition = min(minimumPosition, child.minimumPosition)
                count += child.count
                visitedCount += child.visitedCount
            }
            return (children[0].first, box, minimumPosition, count, visitedCount)
        }
    }

    /// Builds a tree from entries sorted in curve order, with full leaves, bottom up.
    package static func build(sorted entries: [SpatialEntry]) -> SpatialNode {
        guard entries.count > leafCapacity else { return .leaf(entries) }
        var level: [SpatialChild] = []
        level.reserveCapacity(entries.count / leafCapacity + 1)
        var start = 0
        while start < entries.count {
            let end = min(start + leafCapacity, entries.count)
            level.append(SpatialChild(.leaf(Array(entries[start..<end]))))
            start = end
        }
        while level.count > 1 {
            // As many branches as needed, sharing the children evenly, so that none is underfull.
            let branches = (level.count + branchCapacity - 1) / branchCapacity
            var parents: [SpatialChild] = []
            parents.reserveCapacity(branches)
            var first = 0
            for branch in 0..<branches {
                let end = level.count * (branch + 1) / branches
                parents.append(SpatialChild(.branch(Array(level[first..<end]))))
                first = end
            }
            level = parents
        }
        return level[0].node
    }
}
