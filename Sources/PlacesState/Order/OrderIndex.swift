import PlacesModel

/// One owner's places in a kept order (`PlaceOrderKey`), as a persistent counted B-tree: a change copies one leaf
/// and the nodes above it, so the writer keeps the order up to date for O(log n) a change, and every snapshot keeps
/// the version it was published with. Ranks are found by counts, so a page at any offset costs O(log n) to reach.
package struct OrderIndex: Sendable {
    /// The order.
    package let key: PlaceOrderKey
    private var root: OrderNode?

    /// An empty order.
    package init(key: PlaceOrderKey) {
        self.key = key
    }

    /// `places` in the order of `key`: one sort, then leaves filled three quarters, so that insertions seldom split.
    package init(key: PlaceOrderKey, of places: PlaceList) {
        self.key = key
        var entries: [OrderEntry] = []
        entries.reserveCapacity(places.count)
        places.forEachStored(in: 0..<places.count) { entries.append(key.entry(for: $0)) }
        entries.sort(by: key.precedes)
        var level = stride(from: 0, to: entries.count, by: 48).map { start in
            OrderNode(entries: Array(entries[start..<min(start + 48, entries.count)]))
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 24).map { start in
                OrderNode(children: Array(level[start..<min(start + 24, level.count)]))
            }
        }
        root = level.first
    }

    /// The number of places.
    package var count: Int { root?.count ?? 0 }

    /// Adds `stored`.
    package mutating func insert(_ stored: StoredPlace) {
        let entry = key.entry(for: stored)
        guard let root else {
            root = OrderNode(entries: [entry])
            return
        }
        let nodes = root.inserting(entry, key: key)
        self.root = nodes.count == 1 ? nodes[0] : OrderNode(children: nodes)
    }

    /// Removes `stored`, the version of its place this order holds.
    package mutating func remove(_ stored: StoredPlace) {
        guard let root else { return }
        let (node, found) = root.removing(key.entry(for: stored), key: key)
        precondition(found, "a place missing from its owner's order by \(key)")
        // A branch left with one child gives way to it, so that removals do not leave a tall, thin tree.
        var top = node
        while let branch = top, !branch.isLeaf, branch.children.count == 1 { top = branch.children[0] }
        self.root = top
    }

    /// Replaces `old` with `new`, a newer version of the same place.
    package mutating func replace(_ old: StoredPlace, with new: StoredPlace) {
        remove(old)
        insert(new)
    }

    /// Calls `body` with the places from rank `start` on (counted from the end when `descending`) until it
    /// returns false.
    package func forEach(from start: Int, descending: Bool, _ body: (StoredPlace) -> Bool) {
        _ = root?.visit(from: start, descending: descending) { body($0.stored) }
    }

    /// How many places come before `stored`'s entry in ascending order (its rank, if it is here).
    package func rank(of stored: StoredPlace) -> Int {
        let entry = key.entry(for: stored)
        return count(before: { key.precedes($0, entry) })
    }

    /// How many places come before the first for which `isBefore` is false (true for a prefix of the order).
    package func count(before isBefore: (OrderEntry) -> Bool) -> Int {
        root?.count(before: isBefore) ?? 0
    }
}
