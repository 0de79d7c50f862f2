import PlacesModel

/// One owner's places in a kept order (`PlaceOrderKey`), as a persistent counted B-tree: a change copies one leaf
/// and the nodes above it (those no snapshot shares change in place), so the writer keeps the order up to date for
/// O(log n) a change, and every snapshot keeps the version it was published with. Ranks are found by counts, so
/// a page at any offset costs O(log n) to reach.
package struct OrderIndex: Sendable {
    /// The order.
    package let key: PlaceOrderKey
    private var root = OrderNode.empty
    /// The number of places.
    package private(set) var count = 0

    /// An empty order.
    package init(key: PlaceOrderKey) {
        self.key = key
    }

    /// `places` in the order of `key`: one sort, then nodes filled three quarters, so that insertions seldom split.
    package init(key: PlaceOrderKey, of places: PlaceList) {
        self.key = key
        var entries: [OrderEntry] = []
        entries.reserveCapacity(places.count)
        places.forEachStored(in: 0..<places.count) { entries.append(key.entry(for: $0)) }
        entries.sort(by: key.precedes)
        count = entries.count
        let leafFill = OrderNode.leafCapacity * 3 / 4
        let branchFill = OrderNode.branchCapacity * 3 / 4
        var level = stride(from: 0, to: entries.count, by: leafFill).map { start in
            OrderChild(.leaf(Array(entries[start..<min(start + leafFill, entries.count)])))
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: branchFill).map { start in
                OrderChild(.branch(Array(level[start..<min(start + branchFill, level.count)])))
            }
        }
        root = level.first?.node ?? .empty
    }

    /// Adds `stored`.
    package mutating func insert(_ stored: StoredPlace) {
        if let sibling = root.insert(key.entry(for: stored), key: key) {
            root = .branch([OrderChild(root), sibling])
        }
        count += 1
    }

    /// Removes `stored`, the version of its place this order holds.
    package mutating func remove(_ stored: StoredPlace) {
        let found = root.remove(key.entry(for: stored), key: key)
        precondition(found, "a place missing from its owner's order by \(key)")
        count -= 1
        // A branch left with one child gives way to it, so that removals do not leave a tall, thin tree.
        while case .branch(let children) = root, children.count == 1 { root = children[0].node }
    }

    /// Calls `body` with the places from rank `start` on (counted from the end when `descending`) until it
    /// returns false.
    package func forEach(from start: Int, descending: Bool, _ body: (StoredPlace) -> Bool) {
        _ = root.visit(from: start, descending: descending) { body($0.stored) }
    }

    /// How many places come before `stored`'s entry in ascending order (its rank, if it is here).
    package func rank(of stored: StoredPlace) -> Int {
        root.rank(of: key.entry(for: stored), key: key)
    }

    /// How many places come before the first for which `isBefore` is false (true for a prefix of the order).
    package func count(before isBefore: (OrderEntry) -> Bool) -> Int {
        root.count(before: isBefore)
    }
}
