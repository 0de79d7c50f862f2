/// Walks the leaves of a `PlaceList` tree in order, from the one holding a given index.
@usableFromInline
package struct PlaceLeafIterator {
    /// The branches above the current leaf, outermost first, each with the index of the child to visit after it.
    private var path: [(children: [PlaceTreeChild], next: Int)] = []
    /// The leaf the walk starts with, until `next()` returns it.
    private var first: [PlaceSlot]?

    /// Starts at the leaf holding index `start` of the tree under `root`; `offset` is `start`'s index in it.
    @usableFromInline init(root: PlaceTreeNode, start: Int, offset: inout Int) {
        var node = root
        var rest = start
        while case .branch(let children) = node {
            var child = 0
            while child < children.count - 1, rest >= children[child].count {
                rest -= children[child].count
                child += 1
            }
            path.append((children, child + 1))
            node = children[child].node
        }
        if case .leaf(let slots) = node {
            first = slots
        }
        offset = rest
    }

    /// The next leaf's slots, or nil after the last leaf.
    @usableFromInline mutating func next() -> [PlaceSlot]? {
        if let first {
            self.first = nil
            return first
        }
        while let top = path.indices.last {
            let next = path[top].next
            guard next < path[top].children.count else {
                path.removeLast()
                continue
            }
            path[top].next += 1
            var node = path[top].children[next].node
            while case .branch(let children) = node {
                path.append((children, 1))
                node = children[0].node
            }
            if case .leaf(let slots) = node {
                return slots
            }
        }
        return nil
    }
}
